/**
 * The player's listener features through the real controller and a stand-in audio element:
 * shuffle and repeat kept between visits, the position resumed, a shared moment opened, the
 * lock screen's position and seek handlers, mute.
 */
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { momentFromSearch } from '../../../src/lib/player-moment.ts';
import type { PlaylistTrack } from '../../../src/lib/playlist-api.ts';
import {
  createPlayer,
  MODES_STORAGE_KEY,
  POSITION_SAVE_MS,
  STORAGE_KEY,
  type Player,
} from '../../../src/stores/player.ts';
import { FakeAudio } from './fake-audio.ts';

const track = (title: string, n: number): PlaylistTrack => ({
  title,
  file: `${title}.mp3`,
  artist: 'Artist',
  album: 'Album',
  url: `/media/Album/${encodeURIComponent(title)}.mp3`,
  duration: 100,
  trackNumber: n,
  coverUrl: null,
});
const ALBUM = [track('01-One', 1), track('02-Two', 2), track('03-Three', 3), track('04-Four', 4)];

useTestStorageEngine();

let audio: FakeAudio;
let player: Player;
let clock: number;

function build(extra: Partial<Parameters<typeof createPlayer>[0]> = {}): void {
  audio = new FakeAudio();
  player = createPlayer({ audio, fetchPlaylist: async () => ALBUM, now: () => clock, ...extra });
}

const state = () => player.$state.get();
const saved = () => JSON.parse(getTestStorage()[STORAGE_KEY] ?? 'null') as unknown;

beforeEach(() => {
  cleanTestStorage();
  clock = 0;
  build();
});

describe('shuffle and repeat', () => {
  it('start as shuffle off and repeat all, and are kept for the next visit', () => {
    expect(state()).toMatchObject({ shuffle: false, repeat: 'all' });
    player.toggleShuffle();
    player.cycleRepeat();
    expect(state()).toMatchObject({ shuffle: true, repeat: 'one' });
    build();
    expect(state()).toMatchObject({ shuffle: true, repeat: 'one' });
  });

  it('read unreadable saved modes as the defaults', () => {
    setTestStorageKey(MODES_STORAGE_KEY, JSON.stringify({ shuffle: 'yes', repeat: 'twice' }));
    build();
    expect(state()).toMatchObject({ shuffle: false, repeat: 'all' });
  });

  it('repeat one plays the track again at its end; off stops after the last', async () => {
    await player.loadPlaylist('Album', { playNow: true, index: 1 });
    player.cycleRepeat();
    audio.fire('ended');
    expect(state()).toMatchObject({ index: 1, playing: true });
    player.cycleRepeat();
    player.selectTrack(3);
    audio.pause();
    audio.fire('ended');
    expect(state()).toMatchObject({ index: 3, playing: false });
  });

  it('shuffle plays all four before one comes back', async () => {
    let seed = 0.1;
    build({ random: () => (seed = (seed * 7.3) % 1) });
    player.toggleShuffle();
    await player.loadPlaylist('Album', { playNow: true });
    const heard = [state().index];
    for (let step = 0; step < 3; step += 1) {
      audio.fire('ended');
      heard.push(state().index);
    }
    expect(new Set(heard).size).toBe(4);
  });
});

describe('the position', () => {
  it('is saved now and then while playing, on pause, and resumed after a reload', async () => {
    await player.loadPlaylist('Album', { playNow: true, index: 2 });
    clock = 1000;
    audio.advance(12, 100);
    expect(saved()).toEqual({ playlist: 'Album', index: 2, time: 0 });
    clock = 1000 + POSITION_SAVE_MS;
    audio.advance(17, 100);
    expect(saved()).toEqual({ playlist: 'Album', index: 2, time: 17 });
    audio.advance(19, 100);
    audio.pause();
    expect(saved()).toEqual({ playlist: 'Album', index: 2, time: 19 });

    build();
    await player.restore();
    expect(state()).toMatchObject({ playlist: 'Album', index: 2, playing: false, currentTime: 19, progress: 19 });
    expect(audio.currentTime).toBe(19);
  });

  it('a saved time that is no number starts the track at 0', async () => {
    setTestStorageKey(STORAGE_KEY, JSON.stringify({ playlist: 'Album', index: 1, time: 'late' }));
    build();
    await player.restore();
    expect(state()).toMatchObject({ index: 1, currentTime: 0 });
  });
});

describe('a shared moment', () => {
  it('loads the named track paused at that second, one tap plays from there', async () => {
    setTestStorageKey(STORAGE_KEY, JSON.stringify({ playlist: 'Album', index: 0, time: 5 }));
    build();
    expect(await player.showMoment('Album', { track: { number: 3 }, seconds: 42 })).toBe(true);
    await player.restore();
    expect(state()).toMatchObject({ index: 2, status: 'ready', playing: false, currentTime: 42, progress: 42 });
    player.togglePlay();
    expect(audio.currentTime).toBe(42);
    expect(state().playing).toBe(true);
  });

  it('changes nothing for a track the playlist lacks, or while music plays', async () => {
    expect(await player.showMoment('Album', { track: { file: 'Nope.mp3' }, seconds: 3 })).toBe(false);
    expect(state().status).toBe('initial');
    await player.loadPlaylist('Album', { playNow: true });
    expect(await player.showMoment('Album', { track: { number: 2 }, seconds: 3 })).toBe(false);
    expect(state().index).toBe(0);
  });

  it('any query loads one of the tracks at a second within it, or nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), async (track, time) => {
        build();
        const search = `?track=${encodeURIComponent(track)}&t=${encodeURIComponent(time)}`;
        const shown = await player.showMoment('Album', momentFromSearch(search));
        const { status, index, currentTime } = state();
        if (!shown) {
          expect(status).toBe('initial');
          return;
        }
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThan(ALBUM.length);
        expect(currentTime).toBeGreaterThanOrEqual(0);
        expect(currentTime).toBeLessThan(100);
      }),
    );
  });

  it('a second past the end starts the track at its beginning', async () => {
    await player.showMoment('Album', { track: { file: '04-Four.mp3' }, seconds: 500 });
    expect(state()).toMatchObject({ index: 3, currentTime: 0 });
  });
});

describe('the lock screen (Media Session)', () => {
  let handlers: Map<string, MediaSessionActionHandler>;
  let positions: MediaPositionState[];

  beforeEach(() => {
    handlers = new Map();
    positions = [];
    const session = {
      playbackState: 'none',
      metadata: null,
      setActionHandler: (action: string, handler: MediaSessionActionHandler) => handlers.set(action, handler),
      setPositionState: (position: MediaPositionState) => {
        if (!(position.duration !== undefined && position.duration > 0)) throw new TypeError('bad duration');
        positions.push(position);
      },
    } as unknown as MediaSession;
    build({ mediaSession: session });
  });

  const call = (action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) =>
    handlers.get(action)?.({ action, ...details });

  it('has handlers for play, pause, tracks and seeks', () => {
    expect([...handlers.keys()].sort()).toEqual(
      ['nexttrack', 'pause', 'play', 'previoustrack', 'seekbackward', 'seekforward', 'seekto'].sort(),
    );
  });

  it('seeks to a time, 10 s either way by default, or the offset given, within the track', async () => {
    await player.loadPlaylist('Album', { playNow: true });
    audio.advance(30, 100);
    call('seekforward');
    expect(audio.currentTime).toBe(40);
    call('seekbackward', { seekOffset: 25 });
    expect(audio.currentTime).toBe(15);
    call('seekto', { seekTime: 70 });
    expect(audio.currentTime).toBe(70);
    call('seekforward', { seekOffset: 500 });
    expect(audio.currentTime).toBe(100);
    call('nexttrack');
    expect(state().index).toBe(1);
    call('previoustrack');
    expect(state().index).toBe(0);
  });

  it('sets the position on play, pause and seeks, never with an unknown duration', async () => {
    await player.loadPlaylist('Album', { playNow: true });
    // The element does not know the duration yet: nothing the API would refuse is sent.
    expect(positions).toEqual([]);
    audio.advance(30, 100);
    audio.pause();
    expect(positions.at(-1)).toEqual({ duration: 100, playbackRate: 1, position: 30 });
    player.seekBy(-50);
    expect(positions.at(-1)).toEqual({ duration: 100, playbackRate: 1, position: 0 });
  });
});

describe('mute', () => {
  it('toggles the element and the state', () => {
    player.toggleMute();
    expect([audio.muted, state().muted]).toEqual([true, true]);
    player.toggleMute();
    expect([audio.muted, state().muted]).toEqual([false, false]);
  });
});
