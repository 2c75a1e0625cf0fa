/**
 * A track's public title and its release from the studio's music page, through the real
 * sign-in over temporary media and content folders: the title given wins over the file's name
 * in the public API, hostile titles are refused, and attaching a track to a release moves it
 * into the release's folder (a single's, titled as the single), so that the listing shows the
 * song each release's button plays.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUSIC_ROUTES, type MusicAnswer } from '../../../src/lib/studio-music.ts';
import { MAX_TRACK_TITLE, TITLES_FILE } from '../../../src/lib/track-names.ts';
import { createMusicFixture, makeWav, scratch, type MusicFixture } from './studio-music-fixture.ts';

let f: MusicFixture;
let files: ReturnType<typeof scratch>;
let content: ReturnType<typeof scratch>;

const release = (title: string, kind: string, playlist: string) => ({
  title,
  kind,
  released: '2024-01',
  playlist,
  description: { pt: 'Texto.', en: 'Text.', es: 'Texto.' },
});

beforeAll(async () => {
  content = scratch('studio-titles-content-');
  mkdirSync(join(content.dir, 'releases'));
  const write = (slug: string, value: object) =>
    writeFileSync(join(content.dir, 'releases', `${slug}.json`), JSON.stringify(value));
  write('first-ep', release('First EP', 'EP', 'First EP'));
  write('night-song', release('Night Song', 'Single', 'Singles'));
  write('escape', release('Escape', 'Single', '../outside'));
  writeFileSync(join(content.dir, 'releases', 'broken.json'), '{ not json');
  f = await createMusicFixture({ CONTENT_DIR: content.dir });
  files = scratch('studio-titles-');
  const master = await makeWav(files.dir, 'master.wav', 1);
  for (const [folder, name] of [
    ['Singles', 'Other single.wav'],
    ['Singles', 'take_03 FINAL.wav'],
    ['First EP', '01-Open.wav'],
  ] as const) {
    mkdirSync(join(f.site.mediaDir, folder), { recursive: true });
    copyFileSync(master, join(f.site.mediaDir, folder, name));
  }
  await f.app.library.rescan();
}, 60_000);
afterAll(async () => {
  await f.cleanup();
  files.remove();
  content.remove();
});

const listing = async () => (await f.browser.request('GET', MUSIC_ROUTES.listing)).json<MusicAnswer>();
const publicTitles = async (playlist: string) => {
  const answer = await f.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: 'query($p: String!) { playlist(playlistName: $p) { title file } }', variables: { p: playlist } },
  });
  return answer.json<{ data: { playlist: { title: string; file: string }[] } }>().data.playlist;
};
const setTitle = (playlist: string, file: string, title: string) =>
  f.browser.request('POST', MUSIC_ROUTES.title, { playlist, file, title });
const attach = (playlist: string, file: string, releaseSlug: string) =>
  f.browser.request('POST', MUSIC_ROUTES.attach, { playlist, file, release: releaseSlug });
const nightSong = async () => (await listing()).releases.find((one) => one.slug === 'night-song');

describe('a track’s title', () => {
  it('is the one the artist gives, in the public API and the listing, and back to the file’s without one', async () => {
    expect((await publicTitles('Singles')).map((track) => track.title)).toContain('take_03 FINAL');
    const given = await setTitle('Singles', 'take_03 FINAL.wav', '  Canção   da Noite ');
    expect(given.statusCode).toBe(200);
    expect(given.json()).toEqual({ playlist: 'Singles', file: 'take_03 FINAL.wav', title: 'Canção da Noite' });
    expect(await publicTitles('Singles')).toContainEqual({ title: 'Canção da Noite', file: 'take_03 FINAL.wav' });
    const listed = (await listing()).playlists.find((one) => one.name === 'Singles')?.tracks;
    expect(listed?.find((track) => track.file === 'take_03 FINAL.wav')?.title).toBe('Canção da Noite');
    // Kept in the playlist's own folder, nowhere else.
    expect(JSON.parse(readFileSync(join(f.site.mediaDir, 'Singles', TITLES_FILE), 'utf8'))).toEqual({
      'take_03 FINAL.wav': 'Canção da Noite',
    });

    await setTitle('Singles', 'take_03 FINAL.wav', '');
    expect((await publicTitles('Singles')).map((track) => track.title)).toContain('take_03 FINAL');
  });

  it('refuses a hostile or overlong title, and a track the library does not have', async () => {
    const send = (title: string, file = 'Other single.wav', playlist = 'Singles') => setTitle(playlist, file, title);
    for (const title of ['Evil\u202Eeman', 'line\nbreak', 'x'.repeat(MAX_TRACK_TITLE + 1), 'y'.repeat(5000)]) {
      expect((await send(title)).statusCode).toBe(400);
    }
    expect((await send('Fine', '../Singles/Other single.wav')).statusCode).toBe(404);
    expect((await send('Fine', 'Other single.wav', '..')).statusCode).toBe(404);
    expect((await publicTitles('Singles')).map((track) => track.title)).toContain('Other single');
    // Markup is only text: kept as typed, for the pages to show as text.
    expect((await send('<img src=x onerror=alert(1)>')).statusCode).toBe(200);
    expect((await publicTitles('Singles')).map((track) => track.title)).toContain('<img src=x onerror=alert(1)>');
    await send('');
  });
});

describe('a track’s release', () => {
  it('shows what each release’s button plays: another song while the single has no track of its title', async () => {
    const answer = await listing();
    expect(answer.releases.map((one) => one.slug)).toEqual(['escape', 'first-ep', 'night-song']);
    expect(answer.releases.find((one) => one.slug === 'first-ep')).toMatchObject({
      plays: ['01-Open.wav'],
      found: true,
    });
    const single = await nightSong();
    expect(single?.found).toBe(false);
    expect(single?.plays).toHaveLength(1);
  });

  it('attaches a track to a single: titled as the single, so its button plays it', async () => {
    const attached = await attach('Singles', 'take_03 FINAL.wav', 'night-song');
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toEqual({ playlist: 'Singles', file: 'take_03 FINAL.wav', title: 'Night Song' });
    expect(await nightSong()).toMatchObject({ plays: ['take_03 FINAL.wav'], found: true });
  });

  it('attaches a track to an EP of another folder by moving it there, with its title', async () => {
    await setTitle('Singles', 'Other single.wav', 'Close');
    const attached = await attach('Singles', 'Other single.wav', 'first-ep');
    expect(attached.json()).toEqual({ playlist: 'First EP', file: 'Other single.wav', title: 'Close' });
    expect(readdirSync(join(f.site.mediaDir, 'First EP')).sort()).toEqual(
      ['01-Open.wav', 'Other single.wav', TITLES_FILE].sort(),
    );
    expect(existsSync(join(f.site.mediaDir, 'Singles', 'Other single.wav'))).toBe(false);
    const ep = (await listing()).releases.find((one) => one.slug === 'first-ep');
    expect(ep?.plays).toEqual(['01-Open.wav', 'Other single.wav']);
  });

  it('refuses an unknown release, one whose playlist leaves the media folder, and a name already taken', async () => {
    expect((await attach('First EP', '01-Open.wav', 'nothing')).statusCode).toBe(404);
    expect((await attach('First EP', '01-Open.wav', '../releases/first-ep')).statusCode).toBe(404);
    expect((await attach('First EP', '01-Open.wav', 'broken')).statusCode).toBe(404);
    expect((await attach('First EP', '01-Open.wav', 'escape')).statusCode).toBe(400);
    expect(readdirSync(f.site.mediaDir)).not.toContain('outside');
    copyFileSync(join(f.site.mediaDir, 'First EP', '01-Open.wav'), join(f.site.mediaDir, 'Singles', '01-Open.wav'));
    await f.app.library.rescan();
    expect((await attach('Singles', '01-Open.wav', 'night-song')).statusCode).toBe(200);
    expect((await attach('Singles', '01-Open.wav', 'first-ep')).statusCode).toBe(409);
  });
});
