/**
 * An app whose studio has the music part over a temporary media folder, listening on
 * loopback (tus needs real requests), and a browser signed in through the real sign-in. Masters
 * are made by the real ffmpeg.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { openStudioStore } from '../../../server/services/stores/open-studio-store.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { signedInBrowser, type StudioBrowser } from './studio-browser.ts';

const run = promisify(execFile);
export const STUDIO_ORIGIN = 'https://studio.example';

export interface MusicFixture {
  site: FixtureSite;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  browser: StudioBrowser;
  /** What the signed-in studio page sends with every call: its Cookie and its request token. */
  page: Record<string, string>;
  cleanup: () => Promise<void>;
}

/** The app over a new fixture site (MEDIA_DIR may point elsewhere through `env`). */
export async function createMusicFixture(env: Record<string, string> = {}): Promise<MusicFixture> {
  const site = createFixtureSite();
  // The listing reads the releases: an empty content folder of its own unless one is given.
  const content = mkdtempSync(join(tmpdir(), 'music-content-'));
  const app = await buildTestApp(site, { STUDIO_ORIGIN, FFMPEG_PATH: 'ffmpeg', CONTENT_DIR: content, ...env });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const store = await openStudioStore({ databaseUrl: null, dataDir: site.dataDir });
  const browser = await signedInBrowser(app, store, STUDIO_ORIGIN, 'Artist').finally(() => store.close());
  return {
    site,
    app,
    base: address,
    browser,
    page: browser.pageHeaders(),
    cleanup: async () => {
      await app.close();
      site.cleanup();
      rmSync(content, { recursive: true, force: true });
    },
  };
}

/** A file made by ffmpeg from a generated `source` (lavfi) with `output` options, in `dir`. */
async function generate(dir: string, name: string, source: string, output: string[]): Promise<string> {
  const path = join(dir, name);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...output, path]);
  return path;
}

/** 24-bit stereo at 48 kHz, as a studio master often is. */
const MASTER_WAV = ['-ac', '2', '-ar', '48000', '-c:a', 'pcm_s24le'];

/** A WAV master of `seconds` seconds of a tone, with a title tag if given. */
export const makeWav = (dir: string, name: string, seconds: number, title?: string) =>
  generate(dir, name, `sine=frequency=440:duration=${seconds}`, [
    ...MASTER_WAV,
    ...(title === undefined ? [] : ['-metadata', `title=${title}`]),
  ]);

/** A video without sound. */
export const makeSilentVideo = (dir: string, name: string) =>
  generate(dir, name, 'testsrc=duration=1:size=64x64:rate=10', ['-pix_fmt', 'yuv420p']);

/** A temporary folder, removed by the returned function. */
export function scratch(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
