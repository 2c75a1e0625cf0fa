import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/**
 * Files run two at a time, one per core. Both projects take the same number, so Vitest runs
 * their files in one pool side by side: a unit file waiting on a server or ffmpeg leaves room
 * for a browser file, and neither project waits for the other to end.
 */
const WORKERS = 2;

export default defineConfig({
  resolve: {
    alias: [
      // Node resolves `graphql` to its CommonJS build, which Mercurius requires too. Vite would
      // pick the ESM build for our imports, and two copies of graphql refuse each other's types.
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
          // A worker runs its unit files one after another in one module graph, rather than
          // loading every module again for each of some 130 files (about a fifth of their time).
          // The files restore what they stub and keep their state in their own folders.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page reacts within a few seconds even on a loaded two-core machine.
          expect: { poll: { timeout: 5_000, interval: 50 } },
        },
      },
    ],
  },
});
