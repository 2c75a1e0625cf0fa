import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPHQL_ERROR, type PlaylistTrack } from '../../../src/lib/playlist-api.ts';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { listenKeys } from 'nanostores';
import { createPlayer, PLAYER_VIEW_KEYS, STORAGE_KEY, TIMELINE_KEYS, type Player } from '../../../src/stores/player.ts';
import { FakeAudio } from './fake-audio.ts';
import type { PageEvent } from '../../../src/lib/numbers-events.ts';

const track = (title: string, n: number): PlaylistTrack => ({
  title,
  file: `${title}.wav`,
  artist: 'Artist',
  album: 'Album',
  url: `/media/${encodeURIComponent(title)}.wav`,
  duration: 100,
  trackNumber: n,
  coverUrl: `/cover/${n}.png`,
});

const LIBRARY: Record<string, PlaylistTrack[]> = {
  'Cocktail Nº1': [track('01-One', 1), track('02-Two', 2), track('03-Three', 3)],
  Singles: [track('Solo', 1)],
  Empty: [],
};

let audio: FakeAudio;
let player: Player;
let requests: string[];
let log: { error: ReturnType<typeof vi.fn<(...args: unknown[]) => void>> };

function build(fetchPlaylist = async (name: string) => LIBRARY[name] ?? []) {
  audio = new FakeAudio();
  requests = [];
  log = { error: vi.fn<(...args: unknown[]) => void>() };
  player = createPlayer({
    audio,
    fetchPlaylist: async (name) => {
      requests.push(name);
      return fetchPlaylist(name);
    },
    log,
  });
}

// The saved track goes where @nanostores/persistent's test engine keeps it, not localStorage.
useTestStorageEngine();

beforeEach(() => {
  cleanTestStorage();
  build();
});
afterEach(() => {
  vi.useRealTimers();
});

const state = () => player.$state.get();

describe('initial state', () => {
  it('has no playlist, status initial, volume 0.5', () => {
    expect(state()).toMatchObject({ playlist: null, status: 'initial', tracks: [], playing: false, volume: 0.5 });
    expect(audio.volume).toBe(0.5);
  });
});

describe('loading a playlist', () => {
  it('shows the loading status, then resets to track 0, paused, with its source set', async () => {
    const loading = player.loadPlaylist('Cocktail Nº1');
    expect(state()).toMatchObject({ status: 'initial', loading: 'Cocktail Nº1' });
    await loading;
    expect(state()).toMatchObject({ status: 'ready', playlist: 'Cocktail Nº1', index: 0, playing: false, progress: 0 });
    expect(audio.src).toBe(LIBRARY['Cocktail Nº1']?.[0]?.url);
    expect(audio.plays).toBe(0);
  });

  it('plays once the data has loaded when play-now is asked', async () => {
    await player.loadPlaylist('Cocktail Nº1', { playNow: true });
    expect(audio.plays).toBe(1);
    expect(state().playing).toBe(true);
  });

  it('shows an empty list for a playlist without tracks, not playing', async () => {
    await player.loadPlaylist('Empty', { playNow: true });
    expect(state()).toMatchObject({ status: 'ready', tracks: [], playing: false });
    expect(audio.plays).toBe(0);
  });

  it(`logs 'Erro ao carregar playlist' when loading fails, and keeps going`, async () => {
    build(async () => {
      throw new Error(GRAPHQL_ERROR);
    });
    await player.loadPlaylist('Cocktail Nº1', { playNow: true });
    expect(log.error).toHaveBeenCalledWith('Erro ao carregar playlist', expect.any(Error));
    expect(state()).toMatchObject({ status: 'initial', playlist: null, playing: false });
  });

  it(`logs 'Nenhum nome de playlist fornecido.' for a missing name, without a request`, async () => {
    await player.loadPlaylist('');
    expect(log.error).toHaveBeenCalledWith('Nenhum nome de playlist fornecido.');
    expect(requests).toEqual([]);
  });

  it('lets the newest of two overlapping loads win', async () => {
    let releaseFirst = () => {};
    build(async (name) => {
      if (name === 'Cocktail Nº1') await new Promise<void>((resolve) => (releaseFirst = resolve));
      return LIBRARY[name] ?? [];
    });
    const first = player.loadPlaylist('Cocktail Nº1', { playNow: true });
    await player.loadPlaylist('Singles', { playNow: true });
    releaseFirst();
    await first;
    expect(state().playlist).toBe('Singles');
  });
});

describe('play buttons and keys', () => {
  it('loads and plays another playlist, toggles the loaded one', async () => {
    player.playPlaylist('Cocktail Nº1');
    await vi.waitFor(() => expect(state().playing).toBe(true));
    player.playPlaylist('Cocktail Nº1');
    expect(state().playing).toBe(false);
    expect(audio.paused).toBe(true);
    player.playPlaylist('Cocktail Nº1');
    expect(state().playing).toBe(true);
    player.playPlaylist('Singles');
    await vi.waitFor(() => expect(state().playlist).toBe('Singles'));
    expect(state().playing).toBe(true);
  });

  it('starts a prefetched playlist within the same call, so the click still counts as a gesture', async () => {
    player.prefetchPlaylist('Cocktail Nº1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    player.playPlaylist('Cocktail Nº1');
    expect(audio.plays).toBe(1);
    expect(requests).toEqual(['Cocktail Nº1']);
  });

  it('the play button with nothing loaded starts the default playlist', async () => {
    player.setDefaultPlaylist('Singles');
    player.togglePlay();
    await vi.waitFor(() => expect(state()).toMatchObject({ playlist: 'Singles', playing: true }));
  });
});

describe('a single’s play button (a shared playlist, started at the single’s track)', () => {
  const SINGLES = [track('01-Estranho', 1), track('02-Suburban Ride', 2), track('03-Canção do Ônibus', 3)];
  beforeEach(() => build(async (name) => (name === 'Singles' ? SINGLES : (LIBRARY[name] ?? []))));

  it('loads the playlist and plays from the track of that title, case and accents aside', async () => {
    player.playPlaylist('Singles', 'cancao do onibus');
    await vi.waitFor(() => expect(state().playing).toBe(true));
    expect(state().index).toBe(2);
    expect(audio.src).toBe(SINGLES[2]?.url);
  });

  it('plays from the first track when the playlist has no track of that title', async () => {
    player.playPlaylist('Singles', 'Sometimes Rock');
    await vi.waitFor(() => expect(state().playing).toBe(true));
    expect(state().index).toBe(0);
  });

  it('switches to its track when another track of the playlist is loaded, and toggles its own', async () => {
    await player.loadPlaylist('Singles', { playNow: true });
    expect(state().index).toBe(0);
    player.playPlaylist('Singles', 'Suburban Ride');
    expect(state()).toMatchObject({ index: 1, playing: true });
    expect(audio.src).toBe(SINGLES[1]?.url);
    player.playPlaylist('Singles', 'Suburban Ride');
    expect(state()).toMatchObject({ index: 1, playing: false });
  });

  it('offers the playlist at its track, or at the first when the list lacks it', async () => {
    await player.offerPlaylist('Singles', 'SUBURBAN RIDE');
    expect(state()).toMatchObject({ status: 'offered', index: 1 });
    build(async (name) => (name === 'Singles' ? SINGLES : []));
    await player.offerPlaylist('Singles', 'Sometimes Rock');
    expect(state()).toMatchObject({ status: 'offered', index: 0 });
  });

  it('starts an offered playlist at its track', async () => {
    await player.offerPlaylist('Singles');
    player.playPlaylist('Singles', 'Suburban Ride');
    expect(state()).toMatchObject({ status: 'ready', index: 1, playing: true });
  });
});

describe('offering a playlist (the landing page, before anything is chosen)', () => {
  it('shows its name and tracks without loading any audio', async () => {
    await player.offerPlaylist('Cocktail Nº1');
    expect(state()).toMatchObject({ status: 'offered', playlist: 'Cocktail Nº1', index: 0, playing: false });
    expect(state().tracks).toEqual(LIBRARY['Cocktail Nº1']);
    expect(audio.src).toBe('');
    expect(audio.plays).toBe(0);
    expect(STORAGE_KEY in getTestStorage()).toBe(false);
  });

  it('one tap on play starts its first track within the same call (a gesture), and saves it', async () => {
    await player.offerPlaylist('Cocktail Nº1');
    player.togglePlay();
    expect(audio.plays).toBe(1);
    expect(audio.src).toBe(LIBRARY['Cocktail Nº1']?.[0]?.url);
    expect(state()).toMatchObject({ status: 'ready', playlist: 'Cocktail Nº1', index: 0, playing: true });
    expect(requests).toEqual(['Cocktail Nº1']);
    expect(JSON.parse(getTestStorage()[STORAGE_KEY] ?? '{}')).toEqual({ playlist: 'Cocktail Nº1', index: 0, time: 0 });
  });

  it('a track chosen from the offered list plays', async () => {
    await player.offerPlaylist('Cocktail Nº1');
    player.selectTrack(2);
    expect(state()).toMatchObject({ status: 'ready', index: 2, playing: true });
    expect(audio.src).toBe(LIBRARY['Cocktail Nº1']?.[2]?.url);
  });

  it('next on the offered list plays the second track', async () => {
    await player.offerPlaylist('Cocktail Nº1');
    player.next();
    expect(state()).toMatchObject({ status: 'ready', index: 1, playing: true });
  });

  it('leaves what is already playing alone (arriving from the home page)', async () => {
    await player.loadPlaylist('Singles', { playNow: true });
    await player.offerPlaylist('Cocktail Nº1');
    expect(state()).toMatchObject({ status: 'ready', playlist: 'Singles', playing: true });
    expect(requests).toEqual(['Singles']);
  });

  it('leaves a restored track alone', async () => {
    setTestStorageKey(STORAGE_KEY, JSON.stringify({ playlist: 'Singles', index: 0 }));
    await player.restore();
    await player.offerPlaylist('Cocktail Nº1');
    expect(state()).toMatchObject({ status: 'ready', playlist: 'Singles' });
  });

  it('fills the player when the saved playlist has no tracks any more', async () => {
    setTestStorageKey(STORAGE_KEY, JSON.stringify({ playlist: 'Removed since', index: 3 }));
    await player.restore();
    await player.offerPlaylist('Cocktail Nº1');
    expect(state()).toMatchObject({ status: 'offered', playlist: 'Cocktail Nº1' });
  });

  it('gives way to a choice made while its tracks were being fetched', async () => {
    let release = () => {};
    build(async (name) => {
      if (name === 'Cocktail Nº1') await new Promise<void>((resolve) => (release = resolve));
      return LIBRARY[name] ?? [];
    });
    const offer = player.offerPlaylist('Cocktail Nº1');
    await player.loadPlaylist('Singles', { playNow: true });
    release();
    await offer;
    expect(state()).toMatchObject({ status: 'ready', playlist: 'Singles', playing: true });
  });

  it('offers nothing for an empty playlist, and logs a failed fetch', async () => {
    await player.offerPlaylist('Empty');
    expect(state()).toMatchObject({ status: 'initial', playlist: null });
    build(async () => {
      throw new Error(GRAPHQL_ERROR);
    });
    await player.offerPlaylist('Cocktail Nº1');
    expect(state()).toMatchObject({ status: 'initial', playlist: null });
    expect(log.error).toHaveBeenCalledWith('Erro ao carregar playlist', expect.any(Error));
  });
});

describe('next and previous', () => {
  beforeEach(async () => {
    await player.loadPlaylist('Cocktail Nº1');
    audio.advance(50, 100);
  });

  it('next goes to (i + 1) mod n, pauses, loads the new url, plays, progress 0', () => {
    const pauses = vi.fn();
    audio.addEventListener('pause', pauses);
    audio.paused = false;
    player.next();
    expect(pauses).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ index: 1, playing: true, progress: 0 });
    expect(audio.src).toBe(LIBRARY['Cocktail Nº1']?.[1]?.url);
    player.next();
    player.next();
    expect(state().index).toBe(0);
  });

  it('previous goes to (i - 1 + n) mod n and plays', () => {
    player.previous();
    expect(state()).toMatchObject({ index: 2, playing: true, progress: 0 });
    expect(audio.src).toBe(LIBRARY['Cocktail Nº1']?.[2]?.url);
  });

  it('the end of a track plays the next', () => {
    audio.fire('ended');
    expect(state()).toMatchObject({ index: 1, playing: true });
  });

  it('a track chosen from the list plays', () => {
    player.selectTrack(2);
    expect(state()).toMatchObject({ index: 2, playing: true });
  });
});

describe('on an empty list', () => {
  it('previous and next do nothing', () => {
    player.previous();
    player.next();
    expect(state()).toMatchObject({ index: 0, playing: false });
    expect(audio.src).toBe('');
  });
});

describe('progress, seeking and volume', () => {
  beforeEach(async () => {
    await player.loadPlaylist('Cocktail Nº1');
  });

  it('progress is the percent of the duration on time update', () => {
    audio.advance(25, 200);
    expect(state()).toMatchObject({ progress: 12.5, currentTime: 25, duration: 200 });
  });

  it('seeks to the clicked proportion of the duration', () => {
    audio.advance(0, 200);
    player.seekToFraction(0.75);
    expect(audio.currentTime).toBe(150);
    expect(state().progress).toBe(75);
  });

  it('volume moves by 0.1 within 0 and 1', () => {
    for (let i = 0; i < 8; i += 1) player.volumeUp();
    expect(state().volume).toBe(1);
    expect(audio.volume).toBe(1);
    for (let i = 0; i < 12; i += 1) player.volumeDown();
    expect(state().volume).toBe(0);
    player.volumeUp();
    expect(audio.volume).toBe(0.1);
  });

  it('shows buffering while waiting for data', () => {
    audio.fire('waiting');
    expect(state().buffering).toBe(true);
    audio.fire('canplay');
    expect(state().buffering).toBe(false);
  });
});

describe('play errors', () => {
  beforeEach(async () => {
    await player.loadPlaylist('Cocktail Nº1');
  });

  it(`log 'Erro ao reproduzir:' with the error, and show not playing`, async () => {
    audio.failNextPlayWith = 'NotAllowedError';
    player.togglePlay();
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith('Erro ao reproduzir:', expect.any(DOMException)));
    expect(state().playing).toBe(false);
  });

  it('stay silent for an AbortError (a newer source interrupted the play)', async () => {
    audio.failNextPlayWith = 'AbortError';
    player.togglePlay();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe('after a reload', () => {
  it('restores the playlist and track, paused', async () => {
    await player.loadPlaylist('Cocktail Nº1');
    player.selectTrack(2);
    expect(JSON.parse(getTestStorage()[STORAGE_KEY] ?? '{}')).toEqual({ playlist: 'Cocktail Nº1', index: 2, time: 0 });

    build();
    await player.restore();
    expect(state()).toMatchObject({ playlist: 'Cocktail Nº1', index: 2, playing: false });
    expect(audio.src).toBe(LIBRARY['Cocktail Nº1']?.[2]?.url);
    expect(audio.plays).toBe(0);
  });

  it('ignores unreadable saved state', async () => {
    setTestStorageKey(STORAGE_KEY, '{not json');
    await player.restore();
    expect(state().playlist).toBeNull();
  });
});

describe('the file it plays', () => {
  const OPUS = 'audio/webm; codecs="opus"';
  const AAC = 'audio/mp4; codecs="mp4a.40.2"';
  const rendered: PlaylistTrack = {
    ...track('Rendered', 1),
    url: '/media/renditions/abc/aac.m4a',
    sources: [
      { url: '/media/renditions/abc/opus.webm', mimeType: OPUS },
      { url: '/media/renditions/abc/aac.m4a', mimeType: AAC },
    ],
  };

  it('is the lightest rendition the browser plays: Opus, else AAC, else the track’s url', async () => {
    build(async () => [rendered]);
    await player.loadPlaylist('Any');
    expect(audio.src).toBe('/media/renditions/abc/opus.webm');

    build(async () => [rendered]);
    audio.playableTypes = [AAC];
    await player.loadPlaylist('Any');
    expect(audio.src).toBe('/media/renditions/abc/aac.m4a');

    build(async () => [{ ...rendered, url: '/media/Any/01.flac', sources: [] }]);
    audio.playableTypes = [];
    await player.loadPlaylist('Any');
    expect(audio.src).toBe('/media/Any/01.flac');
  });
});

describe('the state, the way media-chrome keeps it', () => {
  it('says playing only once the element says so, and stops saying it when the element stops', async () => {
    audio.failNextPlayWith = 'NotAllowedError';
    await player.loadPlaylist('Cocktail Nº1', { playNow: true });
    await Promise.resolve();
    expect(audio.paused).toBe(true);
    expect(state().playing).toBe(false);
    player.togglePlay();
    expect(audio.paused).toBe(false);
    expect(state().playing).toBe(true);
    // Paused from elsewhere (a headset button, the lock screen): the state follows the element.
    audio.pause();
    expect(state().playing).toBe(false);
  });

  it('draws the player’s view no more as a track plays: only the timeline follows the time', async () => {
    // What `useStore($player, { keys })` re-renders on: a notification for one of its keys.
    const every: string[] = Object.keys(state());
    expect([...PLAYER_VIEW_KEYS, ...TIMELINE_KEYS].sort()).toEqual(every.sort());
    await player.loadPlaylist('Cocktail Nº1', { playNow: true });
    let whole = 0;
    let view = 0;
    let timeline = 0;
    const stops = [
      player.$state.listen(() => (whole += 1)),
      listenKeys(player.$state, PLAYER_VIEW_KEYS, () => (view += 1)),
      listenKeys(player.$state, TIMELINE_KEYS, () => (timeline += 1)),
    ];
    // Ten seconds of playback: browsers fire about four `timeupdate`s a second.
    for (let tick = 1; tick <= 40; tick += 1) audio.advance(tick / 4, 100);
    for (const stop of stops) stop();
    // Before (one subscription to the whole store): 4 renders a second of the whole player.
    expect(whole / 10).toBe(4);
    // After: the view not at all, the timeline 4 times a second.
    expect(view).toBe(0);
    expect(timeline / 10).toBe(4);
  });
});

describe('the lock screen’s playback state (Media Session)', () => {
  let session: MediaSession;

  beforeEach(() => {
    session = { playbackState: 'none', metadata: null, setActionHandler: () => undefined } as unknown as MediaSession;
    audio = new FakeAudio();
    player = createPlayer({ audio, fetchPlaylist: async (name) => LIBRARY[name] ?? [], mediaSession: session });
  });

  it('is none while nothing is loaded, an offered playlist included', async () => {
    expect(session.playbackState).toBe('none');
    await player.offerPlaylist('Cocktail Nº1');
    expect(session.playbackState).toBe('none');
  });

  it('says playing only once the element fires playing, and paused once it fires pause', async () => {
    await player.loadPlaylist('Cocktail Nº1');
    expect(session.playbackState).toBe('paused');
    // A refused play leaves the element paused: the lock screen must not say otherwise.
    audio.failNextPlayWith = 'NotAllowedError';
    player.togglePlay();
    await Promise.resolve();
    expect(session.playbackState).toBe('paused');
    player.togglePlay();
    expect(session.playbackState).toBe('playing');
    // Paused from elsewhere (a headset button): the lock screen follows the element.
    audio.pause();
    expect(session.playbackState).toBe('paused');
    audio.fire('playing');
    expect(session.playbackState).toBe('playing');
  });

  it('is paused for a restored track, and none again once an empty playlist is loaded', async () => {
    setTestStorageKey(STORAGE_KEY, JSON.stringify({ playlist: 'Singles', index: 0 }));
    player = createPlayer({
      audio,
      fetchPlaylist: async (name) => LIBRARY[name] ?? [],
      mediaSession: session,
    });
    await player.restore();
    expect(session.playbackState).toBe('paused');
    player.togglePlay();
    expect(session.playbackState).toBe('playing');
    await player.loadPlaylist('Empty', { playNow: true });
    expect(session.playbackState).toBe('none');
  });
});

describe('counting what is heard', () => {
  it('counts a track started, heard 30 seconds and ended, by playlist and master file', async () => {
    const counted: PageEvent[] = [];
    audio = new FakeAudio();
    player = createPlayer({ audio, fetchPlaylist: async (name) => LIBRARY[name] ?? [], count: (e) => counted.push(e) });
    await player.loadPlaylist('Cocktail Nº1', { playNow: true });
    for (let time = 0; time <= 31; time += 0.5) audio.advance(time, 100);
    // A pause and a resume are the same listening.
    player.togglePlay();
    player.togglePlay();
    audio.fire('ended');
    const one = { playlist: 'Cocktail Nº1', file: '01-One.wav' };
    expect(counted).toEqual([
      { type: 'play', ...one },
      { type: 'play30', ...one },
      { type: 'end', ...one },
      // The next track starts on its own.
      { type: 'play', playlist: 'Cocktail Nº1', file: '02-Two.wav' },
    ]);
  });

  it('counts a track streamed as a rendition by its master file, whichever rendition plays', async () => {
    const AAC = 'audio/mp4; codecs="mp4a.40.2"';
    const rendered: PlaylistTrack = {
      ...track('01-One', 1),
      url: '/media/renditions/abc/aac-0123456789.m4a',
      sources: [{ url: '/media/renditions/abc/aac-0123456789.m4a', mimeType: AAC }],
    };
    for (const playable of [[AAC], []]) {
      const counted: PageEvent[] = [];
      audio = new FakeAudio();
      audio.playableTypes = playable;
      player = createPlayer({ audio, fetchPlaylist: async () => [rendered], count: (e) => counted.push(e) });
      await player.loadPlaylist('Cocktail Nº1', { playNow: true });
      expect(counted).toEqual([{ type: 'play', playlist: 'Cocktail Nº1', file: '01-One.wav' }]);
    }
  });
});
