/**
 * A copy of the project in a temporary folder, for the tests and the benchmark that edit its
 * content and run the real build on it (with `node_modules` linked, not copied).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve('.');

/**
 * Copies what the build reads into a new temporary folder, whose path it returns. With
 * `content: false` the artist's content stays out: the caller writes a content folder of its own.
 */
export function copyProject(prefix: string, options: { content?: boolean } = {}): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  // The server too: the build's CDN headers step reads its headers and policy.
  for (const item of [
    'src',
    ...(options.content === false ? [] : ['content']),
    'public',
    'scripts',
    'server',
    'astro.config.mjs',
    'tsconfig.json',
    'package.json',
  ]) {
    cpSync(join(root, item), join(copy, item), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  // The build's cache, copied rather than shared, so that the copy's build skips the images
  // already optimised without racing another build for the same files.
  const cache = join(root, '.astro', 'cache');
  if (existsSync(cache)) cpSync(cache, join(copy, '.astro', 'cache'), { recursive: true });
  return copy;
}

/**
 * The environment of a production build started from a test or a benchmark. Vitest sets
 * NODE_ENV to `test`, and a build that inherits it bundles React's development build (a
 * first load 50 KB heavier, with warnings no visitor gets): the site is tested as it ships.
 */
export function productionBuildEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...extra };
}

/** Builds the copy into its `dist/`, with an empty media library (no music on the machine). */
export async function buildCopy(copy: string): Promise<void> {
  const media = join(copy, 'no-music');
  mkdirSync(media);
  await run('npx', ['astro', 'build', '--silent'], { cwd: copy, env: productionBuildEnv({ MEDIA_DIR: media }) });
}
