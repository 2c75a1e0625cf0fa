/**
 * The studio's music routes through the real sign-in, over a temporary media folder: the
 * listing, new playlists whatever they are called, the artist's track order (which the public
 * library honours), the trash, the live events, and the guards on every route.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTrash, TRASH_FOLDER, TRASH_KEEP_MS } from '../../../server/services/media/media-trash.ts';
import { openMediaLibrary } from '../../../server/services/media/media-library.ts';
import { ORDER_FILE } from '../../../src/lib/playlist-order.ts';
import { displayTitle } from '../../../src/lib/player-logic.ts';
import { MUSIC_ROUTES, type MusicAnswer } from '../../../src/lib/studio-music.ts';
import { recordingLogger } from './media-fixture.ts';
import { createMusicFixture, makeWav, scratch, STUDIO_ORIGIN, type MusicFixture } from './studio-music-fixture.ts';

let f: MusicFixture;
let files: ReturnType<typeof scratch>;
const TRACKS = ['01-Intro.wav', '02-Song.wav', '03-Outro.wav'];

beforeAll(async () => {
  f = await createMusicFixture();
  files = scratch('studio-music-');
  const master = await makeWav(files.dir, 'master.wav', 1);
  mkdirSync(join(f.site.mediaDir, 'Album'));
  for (const name of TRACKS) copyFileSync(master, join(f.site.mediaDir, 'Album', name));
  await f.app.library.rescan();
});
afterAll(async () => {
  await f.cleanup();
  files.remove();
});

const listing = async () => (await f.browser.request('GET', MUSIC_ROUTES.listing)).json<MusicAnswer>();
const albumFiles = async () => (await listing()).playlists.find((p) => p.name === 'Album')?.tracks.map((t) => t.file);
/** The playlist's tracks (their titles, from the file names) as the public API gives them to the player. */
const publicOrder = async () => {
  const answer = await f.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: '{ playlist(playlistName: "Album") { title } }' },
  });
  return answer.json<{ data: { playlist: { title: string }[] } }>().data.playlist.map((track) => `${track.title}.wav`);
};

describe('the listing', () => {
  it('lists each playlist with its tracks in order, their state and the upload limit', async () => {
    const answer = await listing();
    const album = answer.playlists.find((playlist) => playlist.name === 'Album');
    expect(album?.tracks.map((track) => track.file)).toEqual(TRACKS);
    expect(album?.tracks[0]?.format).toBe('WAV');
    expect(['ready', 'pending']).toContain(album?.tracks[0]?.status);
    expect(album?.tracks[0]?.duration).toBeCloseTo(1, 0);
    expect(answer.maxUploadBytes).toBeGreaterThan(1024 * 1024 * 1024);
    expect(answer.trashDays).toBe(30);
  });

  it('names each track by the title visitors see, its file name beside it', async () => {
    mkdirSync(join(f.site.mediaDir, 'Titled'));
    await makeWav(join(f.site.mediaDir, 'Titled'), '01-boas-vindas-master-v3.wav', 1, 'Boas-vindas');
    await makeWav(join(f.site.mediaDir, 'Titled'), '02-Fim de Tarde.wav', 1);
    await f.app.library.rescan();
    const titled = (await listing()).playlists.find((playlist) => playlist.name === 'Titled');
    expect(titled?.tracks.map(({ title, file }) => ({ title, file }))).toEqual([
      { title: 'Boas-vindas', file: '01-boas-vindas-master-v3.wav' },
      { title: 'Fim de Tarde', file: '02-Fim de Tarde.wav' },
    ]);
    const album = (await listing()).playlists.find((playlist) => playlist.name === 'Album');
    expect(album?.tracks.map((track) => track.title)).toEqual(['Intro', 'Song', 'Outro']);
    // The same titles as the player's, which drops the number the file name starts with.
    const answer = await f.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ playlist(playlistName: "Titled") { title } }' },
    });
    const played = answer.json<{ data: { playlist: { title: string }[] } }>().data.playlist;
    expect(played.map((track) => displayTitle(track.title))).toEqual(['Boas-vindas', 'Fim de Tarde']);
  });

  it(
    'shows the loudness and the waveform once the renditions are made (real ffmpeg)',
    { timeout: 60_000 },
    async () => {
      await f.app.renditions.idle();
      const track = (await listing()).playlists.find((p) => p.name === 'Album')?.tracks[0];
      expect(track?.status).toBe('ready');
      expect(track?.loudness?.after.integrated).toBeCloseTo(-14, 0);
      expect(track?.waveform?.length).toBe(64);
      expect(Math.max(...(track?.waveform ?? [0]))).toBeGreaterThan(0.05);
    },
  );
});

describe('playlists', () => {
  it('are created under a safe name, once', async () => {
    const made = await f.browser.request('POST', MUSIC_ROUTES.playlists, { name: '  Ao vivo / 2024  ' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ name: 'Ao vivo - 2024' });
    expect((await listing()).playlists.map((p) => p.name)).toContain('Ao vivo - 2024');
    const again = await f.browser.request('POST', MUSIC_ROUTES.playlists, { name: 'Ao vivo - 2024' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
  });

  it('whatever they are called, are a folder right inside the media folder, or refused', async () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc
        .array(fc.constantFrom('..', '/', '\\', '\0', '\u001b', '.', ' ', 'a', '\u202e', 'é'), { maxLength: 12 })
        .map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (name) => {
        const answer = await f.browser.request('POST', MUSIC_ROUTES.playlists, { name });
        expect([201, 400, 409]).toContain(answer.statusCode);
        if (answer.statusCode !== 201) return;
        const made = answer.json<{ name: string }>().name;
        const path = resolve(f.site.mediaDir, made);
        expect(relative(f.site.mediaDir, path)).toBe(made);
        expect(made).not.toMatch(/^\.|[/\\\0]|\.\./);
        expect(readdirSync(f.site.mediaDir)).toContain(made);
      }),
      { numRuns: 150 },
    );
  });
});

describe('the track order', () => {
  it('is the artist’s, honoured by the public library, with tracks it does not name after', async () => {
    const order = await f.browser.request('POST', MUSIC_ROUTES.order, {
      playlist: 'Album',
      files: ['03-Outro.wav', '01-Intro.wav', 'not-there.wav', '../02-Song.wav'],
    });
    expect(order.statusCode).toBe(200);
    expect(await albumFiles()).toEqual(['03-Outro.wav', '01-Intro.wav', '02-Song.wav']);
    expect(await publicOrder()).toEqual(['03-Outro.wav', '01-Intro.wav', '02-Song.wav']);
    expect(JSON.parse(readFileSync(join(f.site.mediaDir, 'Album', ORDER_FILE), 'utf8'))).toEqual([
      '03-Outro.wav',
      '01-Intro.wav',
    ]);
  });

  it('is refused for a playlist that is not there', async () => {
    const answer = await f.browser.request('POST', MUSIC_ROUTES.order, { playlist: '../Album', files: [] });
    expect(answer.statusCode).toBe(404);
  });

  it('is read by a library opened afresh, over the tags’ track numbers', async () => {
    const library = await openMediaLibrary({ dir: f.site.mediaDir, log: recordingLogger(), watch: false });
    expect(library.tracks('Album').map((track) => track.file)).toEqual(['03-Outro.wav', '01-Intro.wav', '02-Song.wav']);
    library.close();
  });
});

describe('the trash', () => {
  it('takes a removed track out of the playlist, lists it and puts it back where it was', async () => {
    const removed = await f.browser.request('POST', MUSIC_ROUTES.remove, { playlist: 'Album', file: '01-Intro.wav' });
    expect(removed.statusCode).toBe(200);
    expect(await albumFiles()).toEqual(['03-Outro.wav', '02-Song.wav']);
    expect(await publicOrder()).toEqual(['03-Outro.wav', '02-Song.wav']);
    const { trash } = await listing();
    expect(trash).toEqual([expect.objectContaining({ playlist: 'Album', file: '01-Intro.wav' })]);
    const restored = await f.browser.request('POST', MUSIC_ROUTES.restore, { id: trash[0]?.id });
    expect(restored.json()).toEqual({ restored: { playlist: 'Album', file: '01-Intro.wav' } });
    // It comes back to its place in the artist's order.
    expect(await albumFiles()).toEqual(['03-Outro.wav', '01-Intro.wav', '02-Song.wav']);
    expect((await listing()).trash).toEqual([]);
  });

  it('restores beside a track of the same name with a suffix', async () => {
    const removed = await f.browser.request('POST', MUSIC_ROUTES.remove, { playlist: 'Album', file: '02-Song.wav' });
    const { id } = removed.json<{ removed: { id: string } }>().removed;
    copyFileSync(join(files.dir, 'master.wav'), join(f.site.mediaDir, 'Album', '02-Song.wav'));
    const restored = await f.browser.request('POST', MUSIC_ROUTES.restore, { id });
    expect(restored.json()).toEqual({ restored: { playlist: 'Album', file: '02-Song (2).wav' } });
  });

  it('refuses what is not a track or not in the trash', async () => {
    for (const [route, payload] of [
      [MUSIC_ROUTES.remove, { playlist: 'Album', file: '../Album/01-Intro.wav' }],
      [MUSIC_ROUTES.remove, { playlist: '..', file: 'Album' }],
      [MUSIC_ROUTES.restore, { id: '../../etc' }],
    ] as const) {
      expect((await f.browser.request('POST', route, payload)).statusCode).toBe(404);
    }
  });

  it('forgets what was removed more than 30 days ago, and only that', async () => {
    const removed = await f.browser.request('POST', MUSIC_ROUTES.remove, {
      playlist: 'Album',
      file: '02-Song (2).wav',
    });
    expect(removed.statusCode).toBe(200);
    const trash = mediaTrash(f.site.mediaDir);
    expect(await trash.purge(Date.now() + TRASH_KEEP_MS - 60_000)).toBe(0);
    expect(await trash.list()).toHaveLength(1);
    expect(await trash.purge(Date.now() + TRASH_KEEP_MS + 60_000)).toBe(1);
    expect(readdirSync(join(f.site.mediaDir, TRASH_FOLDER))).toEqual([]);
  });
});

describe('live events', () => {
  it('tell the page when the library changed', async () => {
    const answer = await fetch(`${f.base}${MUSIC_ROUTES.events}`, { headers: { ...f.page } });
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    if (!answer.body) throw new Error('no event stream');
    const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const change = (async () => {
      while (!received.includes('event: change')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
    })();
    await f.browser.request('POST', MUSIC_ROUTES.playlists, { name: 'Singles' });
    await change;
    expect(received).toContain('event: change');
    await reader.cancel();
  });
});

describe('closing the server', () => {
  it('ends the open event streams rather than waiting for them', { timeout: 30_000 }, async () => {
    const other = await createMusicFixture();
    const answer = await fetch(`${other.base}${MUSIC_ROUTES.events}`, { headers: { ...other.page } });
    expect(answer.status).toBe(200);
    await other.cleanup();
    // The stream was ended by the server: reading it comes to its end.
    expect(await answer.text()).toContain('retry:');
  });
});

describe('every music route is guarded', () => {
  const routes = [
    ['GET', MUSIC_ROUTES.listing],
    ['GET', MUSIC_ROUTES.events],
    ['POST', MUSIC_ROUTES.playlists],
    ['POST', MUSIC_ROUTES.order],
    ['POST', MUSIC_ROUTES.remove],
    ['POST', MUSIC_ROUTES.restore],
  ] as const;

  it.each(routes)('%s %s answers 401 without a session', async (method, url) => {
    const answer = await f.app.inject({
      method,
      url,
      headers: { origin: STUDIO_ORIGIN },
      ...(method === 'POST' && { payload: {} }),
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
  });

  it.each(routes.filter(([method]) => method === 'POST'))(
    '%s %s answers 403 from another origin',
    async (method, url) => {
      const answer = await f.app.inject({
        method,
        url,
        headers: { origin: 'https://evil.example', ...f.page },
        payload: { name: 'Evil', playlist: 'Album', file: '03-Outro.wav', files: [], id: 'x' },
      });
      expect(answer.statusCode).toBe(403);
      expect(readdirSync(f.site.mediaDir)).not.toContain('Evil');
    },
  );
});
