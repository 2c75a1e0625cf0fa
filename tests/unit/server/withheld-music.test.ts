/**
 * The music of a release still to come, through the real app over the demo music and real
 * ffmpeg renditions: out of the API and the audio routes before its moment, there at its moment
 * with nothing restarted (the clock is the test's), and the rest of the library untouched meanwhile.
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
  app = await buildTestApp({ ...site, mediaDir: media.dir }, { FFMPEG_PATH: 'ffmpeg' });
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

/** A playlist's titles as the player asks for them (its cacheable GET), and the answer's ETag and caching. */
async function titles(playlist: string): Promise<{ titles: string[]; etag: string; cacheControl: string }> {
  const response = await app.inject({
    method: 'GET',
    url: playlistPath(playlist),
    headers: { [PREFLIGHT_HEADER]: 'Playlist' },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ data: { playlist: { title: string }[] } }>();
  return {
    titles: body.data.playlist.map((track) => track.title),
    etag: String(response.headers.etag),
    cacheControl: String(response.headers['cache-control']),
  };
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

  it('lets no cache keep an answer past the moment', async () => {
    const caching = async (secondsBefore: number) => {
      clockAt(Date.parse(EP_MOMENT) - secondsBefore * 1000);
      return (await titles('Bloods Cocktail')).cacheControl;
    };
    // The configured defaults (a minute fresh, a day stale) while they end before the moment.
    expect(await caching(2 * 86_400)).toBe('public, max-age=60, stale-while-revalidate=86400');
    expect(await caching(1000)).toBe('public, max-age=60, stale-while-revalidate=940');
    expect(await caching(30)).toBe('public, max-age=30, stale-while-revalidate=0');
  });

  it('answers 404 for its audio and its cover, as for no track at all', async () => {
    clockAt(Date.parse(EP_MOMENT) - 1000);
    const audio = await app.inject({ url: EP_AUDIO });
    expect(audio.statusCode).toBe(404);
    expect(audio.body).not.toContain('Primeiro');
    expect((await app.inject({ url: EP_AUDIO.replace('/media/', '/media-covers/') })).statusCode).toBe(404);
  });
});

/** The URLs of a playlist's renditions and waveforms, once every track has them. */
async function renditionUrls(playlist: string): Promise<string[]> {
  const query = `{ playlist(playlistName: ${JSON.stringify(playlist)}) { sources { url } peaksUrl } }`;
  for (const deadline = Date.now() + 30_000; ;) {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    const tracks = response.json<{ data: { playlist: { sources: { url: string }[]; peaksUrl: string | null }[] } }>()
      .data.playlist;
    if (tracks.length > 0 && tracks.every((track) => track.sources.length > 0 && track.peaksUrl)) {
      return tracks.flatMap((track) => [...track.sources.map((source) => source.url), track.peaksUrl ?? '']);
    }
    if (Date.now() > deadline) throw new Error(`${playlist} was not rendered in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('its renditions', { timeout: 40_000 }, () => {
  it('are served from its moment on, and not before, while the rest of the library’s are', async () => {
    clockAt(Date.parse(EP_MOMENT));
    const held = await renditionUrls('Cocktail Nº1');
    const others = await renditionUrls('Bloods Cocktail');
    clockAt(Date.parse(EP_MOMENT) - 1000);
    for (const url of held) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      // No cache may keep that answer past the moment.
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of others) expect((await app.inject({ url })).statusCode, url).toBe(200);
    clockAt(Date.parse(EP_MOMENT));
    for (const url of held) expect((await app.inject({ url })).statusCode, url).toBe(200);
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
