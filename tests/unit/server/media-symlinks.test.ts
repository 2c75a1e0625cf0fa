/**
 * A file the index holds, replaced on disk by a symbolic link before the index notices (the
 * watcher is off here, as a slow rescan would leave it): nothing outside the media folder is
 * ever served through it.
 */
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../../../scripts/demo-media/synth.ts';
import { encodeWav } from '../../../scripts/demo-media/wav.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder } from './media-fixture.ts';

const PLAYLIST = 'Cocktail Nº1';
const FILE = '01-Primeiro Gole.wav';
const SECRET = 'root:x:0:0:SECRET-OUTSIDE-THE-MEDIA-FOLDER';

let site: FixtureSite;
let media: Awaited<ReturnType<typeof createMediaFolder>>;
let outside: string;
let app: FastifyInstance;

const trackUrl = `/media/${encodeURIComponent(PLAYLIST)}/${encodeURIComponent(FILE)}`;
const coverUrl = `/media-covers/${encodeURIComponent(PLAYLIST)}/${encodeURIComponent(FILE)}`;

beforeEach(async () => {
  site = createFixtureSite();
  media = await createMediaFolder();
  outside = mkdtempSync(join(tmpdir(), 'outside-'));
  writeFileSync(join(outside, 'passwd'), SECRET);
  app = await buildTestApp({ ...site, mediaDir: media.dir });
  expect((await app.inject(trackUrl)).statusCode).toBe(200);
  expect((await app.inject(coverUrl)).statusCode).toBe(200);
});
afterEach(async () => {
  await app.close();
  site.cleanup();
  media.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

function expectNothingFromOutside(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode).toBe(404);
  expect(response.body).not.toContain('SECRET');
  expect(response.body).not.toContain(outside);
}

describe('a served file replaced by a symbolic link', () => {
  it('to a file outside the media folder is a 404, with or without a range', async () => {
    const path = join(media.dir, PLAYLIST, FILE);
    rmSync(path);
    symlinkSync(join(outside, 'passwd'), path);
    expectNothingFromOutside(await app.inject(trackUrl));
    expectNothingFromOutside(await app.inject({ url: trackUrl, headers: { range: 'bytes=0-10' } }));
  });

  it('to an audio file outside gives neither its bytes nor its cover', async () => {
    const path = join(media.dir, PLAYLIST, FILE);
    renameSync(path, join(outside, FILE));
    symlinkSync(join(outside, FILE), path);
    expectNothingFromOutside(await app.inject(trackUrl));
    expectNothingFromOutside(await app.inject(coverUrl));
  });

  it('even through a playlist folder replaced by a link to a folder outside', async () => {
    const folder = join(outside, 'playlist');
    mkdirSync(folder);
    cpSync(join(media.dir, PLAYLIST, FILE), join(folder, FILE));
    rmSync(join(media.dir, PLAYLIST), { recursive: true });
    symlinkSync(folder, join(media.dir, PLAYLIST));
    expectNothingFromOutside(await app.inject(trackUrl));
    expectNothingFromOutside(await app.inject(coverUrl));
  });

  it('inside the media folder is refused too: links are never followed', async () => {
    const path = join(media.dir, PLAYLIST, FILE);
    renameSync(path, join(media.dir, PLAYLIST, 'real.wav'));
    symlinkSync('real.wav', path);
    expect((await app.inject(trackUrl)).statusCode).toBe(404);
  });
});

describe('a rendition replaced by a symbolic link', { timeout: 40_000 }, () => {
  it('to a file outside the renditions folder is a 404', async () => {
    // A folder of its own with one short track, so ffmpeg has little to make.
    await app.close();
    rmSync(join(site.mediaDir), { recursive: true, force: true });
    mkdirSync(join(site.mediaDir, 'Singles'), { recursive: true });
    writeFileSync(join(site.mediaDir, 'Singles', '01-Short.wav'), encodeWav(new Float32Array(SAMPLE_RATE)));
    app = await buildTestApp(site, { FFMPEG_PATH: 'ffmpeg' });
    const query = { query: '{ playlist(playlistName: "Singles") { peaksUrl sources { url } } }' };
    let made: { peaksUrl: string | null; sources: { url: string }[] } | undefined;
    const deadline = Date.now() + 30_000;
    while (!made?.peaksUrl || made.sources.length === 0) {
      if (Date.now() > deadline) throw new Error('the renditions were not made in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const response = await app.inject({ method: 'POST', url: '/graphql', payload: query });
      [made] = response.json<{ data: { playlist: NonNullable<typeof made>[] } }>().data.playlist;
    }
    const urls = [made.peaksUrl, ...made.sources.map((source) => source.url)];
    for (const url of urls) {
      expect((await app.inject(url)).statusCode, url).toBe(200);
      const path = join(site.dataDir, 'renditions', ...url.split('/').slice(3));
      rmSync(path);
      symlinkSync(join(outside, 'passwd'), path);
      expectNothingFromOutside(await app.inject(url));
    }
  });
});
