/**
 * The music of a release still to come, through the real app over the demo music: out of the
 * API and the audio routes before its moment, there at its moment with nothing restarted (the
 * clock is the test's), and the rest of the library untouched meanwhile.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { playlistPath, PREFLIGHT_HEADER } from '../../../src/lib/playlist-api.ts';
import { RELEASE_MOMENTS_FILE, releaseMomentsFile } from '../../../src/lib/withheld-music.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder } from './media-fixture.ts';

const EP_MOMENT = '2030-01-10T00:00-03:00';
const SINGLE_MOMENT = '2030-02-01T12:00Z';
const EP_AUDIO = `/media/${encodeURIComponent('Cocktail Nº1')}/${encodeURIComponent('01-Primeiro Gole.wav')}`;

let site: FixtureSite;
let media: Awaited<ReturnType<typeof createMediaFolder>>;
let app: FastifyInstance;

beforeAll(async () => {
  site = createFixtureSite();
  media = await createMediaFolder();
  writeFileSync(
    join(site.dir, RELEASE_MOMENTS_FILE),
    releaseMomentsFile([
      { title: 'Cocktail Nº1', kind: 'EP', playlist: 'Cocktail Nº1', releaseAt: EP_MOMENT },
      { title: 'Quintal', kind: 'Single', playlist: 'Singles', releaseAt: SINGLE_MOMENT },
    ]),
  );
  app = await buildTestApp({ ...site, mediaDir: media.dir });
});
afterAll(async () => {
  await app.close();
  site.cleanup();
  media.cleanup();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The clock of this process (the app's too) at `instant`; timers keep running for real. */
const clockAt = (instant: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
};

/** A playlist's titles as the player asks for them (its cacheable GET), and the answer's ETag. */
async function titles(playlist: string): Promise<{ titles: string[]; etag: string }> {
  const response = await app.inject({
    method: 'GET',
    url: playlistPath(playlist),
    headers: { [PREFLIGHT_HEADER]: 'Playlist' },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ data: { playlist: { title: string }[] } }>();
  return { titles: body.data.playlist.map((track) => track.title), etag: String(response.headers.etag) };
}

async function playlistNames(): Promise<Record<string, number>> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: '{ playlists { name trackCount } }' },
  });
  const { playlists } = response.json<{ data: { playlists: { name: string; trackCount: number }[] } }>().data;
  return Object.fromEntries(playlists.map((playlist) => [playlist.name, playlist.trackCount]));
}

describe('before a release’s moment', () => {
  it('keeps an EP’s playlist and a single’s track out of the API, and the rest in', async () => {
    clockAt(Date.parse(EP_MOMENT) - 1000);
    expect((await titles('Cocktail Nº1')).titles).toEqual([]);
    expect((await titles('Singles')).titles).toEqual(['Estranho', 'Ponto de Ônibus']);
    expect((await titles('Bloods Cocktail')).titles).toHaveLength(3);
    const names = await playlistNames();
    expect(names).not.toHaveProperty('Cocktail Nº1');
    expect(names).toMatchObject({ Singles: 2, 'Bloods Cocktail': 3 });
  });

  it('answers 404 for its audio and its cover, as for no track at all', async () => {
    clockAt(Date.parse(EP_MOMENT) - 1000);
    const audio = await app.inject({ url: EP_AUDIO });
    expect(audio.statusCode).toBe(404);
    expect(audio.body).not.toContain('Primeiro');
    expect((await app.inject({ url: EP_AUDIO.replace('/media/', '/media-covers/') })).statusCode).toBe(404);
  });
});

describe('at its moment', () => {
  it('gives its music with nothing restarted, under a new ETag', async () => {
    clockAt(Date.parse(EP_MOMENT) - 1000);
    const before = await titles('Cocktail Nº1');
    clockAt(Date.parse(EP_MOMENT));
    const after = await titles('Cocktail Nº1');
    expect(after.titles).toEqual(['Primeiro Gole', 'Gelo e Brasa', 'Madrugada']);
    expect(after.etag).not.toBe(before.etag);
    expect((await app.inject({ url: EP_AUDIO })).statusCode).toBe(200);
    // The single keeps its own moment.
    expect((await titles('Singles')).titles).toEqual(['Estranho', 'Ponto de Ônibus']);
    clockAt(Date.parse(SINGLE_MOMENT));
    expect((await titles('Singles')).titles).toEqual(['Estranho', 'Ponto de Ônibus', 'Quintal']);
    expect(await playlistNames()).toMatchObject({ 'Cocktail Nº1': 3, Singles: 3 });
  });
});
