/**
 * A tiny built site in a temporary folder, shaped like Astro's output, so the server can be
 * tested without building the real one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { DIST_DIR, requireBuild } from '../budgets/built-site.ts';
import { writeFixtureFiles } from './fixture-files.ts';

export { INJECTED_SCRIPT, INLINE_SCRIPT, INLINE_STYLE, sha256 } from './fixture-files.ts';

export interface FixtureSite {
  /** The built site. */
  dir: string;
  /** An empty media folder, so tests never read the repository's own. */
  mediaDir: string;
  /** An empty data folder for the messages database and outbox. */
  dataDir: string;
  cleanup: () => void;
}

/** Writes the fixture site into a new folder, with empty media and data folders beside it. */
export function createFixtureSite(): FixtureSite {
  const dir = mkdtempSync(join(tmpdir(), 'site-fixture-'));
  const mediaDir = mkdtempSync(join(tmpdir(), 'media-empty-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
  writeFixtureFiles(dir);
  return {
    dir,
    mediaDir,
    dataDir,
    cleanup: () => {
      for (const folder of [dir, mediaDir, dataDir]) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A built script of the studio, long enough to be worth compressing. */
export const STUDIO_SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 80 }, (_, n) => `line ${String(n)}`))};\n`;

/** What the studio build's manifest says of two parts: the editor shares a chunk with the shell. */
export const STUDIO_MANIFEST = {
  'index.html': { file: 'assets/main-abc.js', isEntry: true, imports: ['_shared-abc.js'] },
  '_shared-abc.js': { file: 'assets/shared-abc.js' },
  'editor/start.ts': {
    file: 'assets/start-editor.js',
    imports: ['_shared-abc.js', '_decap-abc.js'],
    css: ['assets/start-editor.css'],
  },
  '_decap-abc.js': { file: 'assets/decap-abc.js', imports: ['_shared-abc.js'] },
  'music/start.ts': { file: 'assets/start-music.js', imports: ['_shared-abc.js'] },
};

/**
 * A tiny build of the studio in a new folder (for STUDIO_DIR): its page, and one
 * content-hashed script at `/studio/assets/main-abc.js` with the brotli and gzip copies the
 * build's own step writes, and the build's manifest.
 */
export function createStudioBuild(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'studio-fixture-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>Estúdio</title></head>');
  writeFileSync(join(dir, 'assets', 'main-abc.js'), STUDIO_SCRIPT);
  execFileSync(process.execPath, ['scripts/precompress.ts', dir]);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(STUDIO_MANIFEST));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * An ffmpeg that is not there: the renditions are made in the background and would change the
 * answers (URLs, ETags) while a test looks at them; tests of the renditions ask for the real one.
 */
export const NO_FFMPEG = { FFMPEG_PATH: '/nonexistent/ffmpeg' };

/** The real app over the fixture, configured as in production but silent, without renditions. */
export async function buildTestApp(
  fixture: Pick<FixtureSite, 'dir' | 'mediaDir' | 'dataDir'>,
  env: Record<string, string> = {},
  options: BuildOptions = { watchMedia: false },
): Promise<FastifyInstance> {
  const config: Config = loadConfig({
    DIST_DIR: fixture.dir,
    MEDIA_DIR: fixture.mediaDir,
    DATA_DIR: fixture.dataDir,
    LOG_LEVEL: 'silent',
    ...NO_FFMPEG,
    ...env,
  });
  return buildApp(config, options);
}

/** An app over a fixture site, and the loopback port it listens on for raw request lines. */
export interface ListeningApp {
  app: FastifyInstance;
  port: number;
}

/**
 * Before the file's tests: the app over a new fixture site with `env`, listening on a free
 * loopback port, handed to `keep`; after them, the app is closed and the site removed.
 */
export function useListeningApp(env: Record<string, string>, keep: (served: ListeningApp) => void): void {
  let app: FastifyInstance | undefined;
  let fixture: FixtureSite | undefined;
  beforeAll(async () => {
    fixture = createFixtureSite();
    app = await buildTestApp(fixture, env);
    keep({ app, port: Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port) });
  });
  afterAll(async () => {
    await app?.close();
    fixture?.cleanup();
  });
}

/**
 * Before the file's tests: the app serving the production build in dist/ (which must exist),
 * with a fixture site's media and data, handed to `keep`; after them, closed and removed.
 */
export function useBuiltSiteApp(keep: (app: FastifyInstance) => void): void {
  let app: FastifyInstance | undefined;
  let fixture: FixtureSite | undefined;
  beforeAll(async () => {
    requireBuild();
    fixture = createFixtureSite();
    app = await buildTestApp({ ...fixture, dir: DIST_DIR });
    keep(app);
  });
  afterAll(async () => {
    await app?.close();
    fixture?.cleanup();
  });
}
