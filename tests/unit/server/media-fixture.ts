/** A temporary media folder holding the generated demo set, short tracks for speed. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { generateDemoMedia } from '../../../scripts/demo-media/generate.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

export async function createMediaFolder(): Promise<{ dir: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'media-fixture-'));
  await generateDemoMedia(dir, 1);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A logger that keeps what it was told, for assertions. */
export function recordingLogger() {
  const warnings: { object: object; message: string }[] = [];
  return {
    warnings,
    info: () => {},
    warn: (object: object, message: string) => warnings.push({ object, message }),
  };
}

/** A fixture site whose media folder holds the demo set, and the app a test file serves it with. */
export interface MediaApp {
  site: FixtureSite;
  app: FastifyInstance;
}

/**
 * Before the file's tests: the fixture site with the demo set as its media, and the app built
 * over it with `env`, handed to `keep`; after them, the app is closed and the folders removed.
 */
export function useMediaApp(env: Record<string, string>, keep: (served: MediaApp) => void): void {
  let served: MediaApp | undefined;
  let media: Awaited<ReturnType<typeof createMediaFolder>> | undefined;
  beforeAll(async () => {
    const fixture = createFixtureSite();
    media = await createMediaFolder();
    const site = { ...fixture, mediaDir: media.dir };
    served = { site, app: await buildTestApp(site, env) };
    keep(served);
  });
  afterAll(async () => {
    await served?.app.close();
    served?.site.cleanup();
    media?.cleanup();
  });
}
