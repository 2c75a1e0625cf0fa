/**
 * A tiny built site in a temporary folder, shaped like Astro's output, so the server can be
 * tested without building the real one.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../../server/app.ts';
import { loadConfig, type Config } from '../../../server/config.ts';

export const INLINE_SCRIPT = "console.log('inline')";
export const INLINE_STYLE = 'body{color:red}';
export const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const page = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${body}</title><style>${INLINE_STYLE}</style>` +
  `<script>${INLINE_SCRIPT}</script><script type="module" src="/_astro/app.abc123.js"></script>` +
  `<script type="application/ld+json">{"@type":"Person"}</script>` +
  `<script type="application/json" id="texts">{"title":"${body}"}</script></head><body>${body}</body></html>`;

const FILES: Record<string, string> = {
  'pt.html': page('pt-BR', 'home pt'),
  'en.html': page('en-US', 'home en'),
  'es.html': page('es-ES', 'home es'),
  'pt/spotify.html': page('pt-BR', 'landing pt'),
  'samebloodscocktail.html': page('pt-BR', 'landing'),
  // The same URL built once per language, as the build writes it.
  'samebloodscocktail.pt.html': page('pt-BR', 'landing in pt'),
  'samebloodscocktail.en.html': page('en-US', 'landing in en'),
  'samebloodscocktail.es.html': page('es-ES', 'landing in es'),
  'index.html': page('pt-BR', 'root'),
  '404.html': page('pt-BR', 'not found'),
  '_astro/app.abc123.js': `export const app = "${'x'.repeat(2000)}";`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  '.env': 'SECRET=1',
  _headers: '/*\n  X-Internal: 1\n',
};

export interface FixtureSite {
  /** The built site. */
  dir: string;
  /** An empty media folder, so tests never read the repository's own. */
  mediaDir: string;
  /** An empty data folder for the messages database and outbox. */
  dataDir: string;
  cleanup: () => void;
}

/** Writes the fixture, with brotli and gzip variants of the script and pages as `npm run build` does. */
export function createFixtureSite(): FixtureSite {
  const dir = mkdtempSync(join(tmpdir(), 'site-fixture-'));
  const mediaDir = mkdtempSync(join(tmpdir(), 'media-empty-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
  for (const [path, content] of Object.entries(FILES)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  for (const path of Object.keys(FILES).filter((name) => /\.(?:html|js)$/.test(name))) {
    const content = Buffer.from(FILES[path] ?? '');
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
  }
  return {
    dir,
    mediaDir,
    dataDir,
    cleanup: () => {
      for (const folder of [dir, mediaDir, dataDir]) rmSync(folder, { recursive: true, force: true });
    },
  };
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
