/** The lock screen follows the controller: what plays, whether it plays, where, and its buttons. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import type { PlayerCovers } from '../../../../src/lib/player-artwork.ts';
import { attachMediaSession, MEDIA_SESSION_SEEK_SECONDS } from '../../../../src/stores/player/media-session.ts';
import { describedTo, stubMediaMetadata } from '../fake-media-metadata.ts';
import { fakeController, track } from './fake-controller.ts';

const TWO = track('02-Two', 2);
const ALBUM = [track('01-One', 1), TWO];
const LOGO: PlayerCovers = { releases: [], logo: { src: '/logo.svg', artwork: [{ src: '/icon.png' }] } };

let fake: ReturnType<typeof fakeController>;
let session: MediaSession & { handlers: Map<string, MediaSessionActionHandler>; positions: MediaPositionState[] };
let element: { duration: number; currentTime: number; playbackRate: number };

beforeEach(() => {
  stubMediaMetadata();
  const handlers = new Map<string, MediaSessionActionHandler>();
  const positions: MediaPositionState[] = [];
  session = {
    playbackState: 'playing',
    metadata: null,
    handlers,
    positions,
    setActionHandler: (action: string, handler: MediaSessionActionHandler) => {
      // A browser without this action refuses it; the others are still set.
      if (action === 'seekforward') throw new TypeError('not supported');
      handlers.set(action, handler);
    },
    setPositionState: (position: MediaPositionState) => positions.push(position),
  } as unknown as typeof session;
  element = { duration: Number.NaN, currentTime: 0, playbackRate: 1 };
  fake = fakeController({ Album: ALBUM });
});
afterEach(() => vi.unstubAllGlobals());

const init = () => describedTo(session);

describe('the Media Session', () => {
  it('says none at once, and sets every handler the browser takes', () => {
    attachMediaSession(fake.controller, session, element);
    expect(session.playbackState).toBe('none');
    expect([...session.handlers.keys()].sort()).toEqual(
      ['nexttrack', 'pause', 'play', 'previoustrack', 'seekbackward', 'seekto'].sort(),
    );
  });

  it('describes a loaded track, and gives it the covers when they come later', () => {
    const lockScreen = attachMediaSession(fake.controller, session, element);
    fake.load('Album', 1);
    fake.tell('trackLoaded', TWO, 'Album', 1, 0);
    expect(init()).toEqual({ title: 'Two', artist: 'Artist', album: 'Album', artwork: [] });
    expect(session.playbackState).toBe('paused');
    lockScreen.setCovers(LOGO);
    expect(init()?.artwork).toEqual([{ src: '/icon.png' }]);
    fake.tell('emptied');
    expect(session.metadata).toBeNull();
  });

  it('follows playing and pause, and sends only positions of a known duration', () => {
    attachMediaSession(fake.controller, session, element);
    fake.load('Album');
    fake.tell('playing');
    expect(session.playbackState).toBe('playing');
    expect(session.positions).toEqual([]);
    Object.assign(element, { duration: 100, currentTime: 120 });
    fake.tell('paused');
    expect(session.playbackState).toBe('paused');
    expect(session.positions).toEqual([{ duration: 100, playbackRate: 1, position: 100 }]);
  });

  it('turns its buttons into the controller’s actions', () => {
    attachMediaSession(fake.controller, session, element);
    const call = (action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) =>
      session.handlers.get(action)?.({ action, ...details });
    call('play');
    call('pause');
    expect(fake.calls.togglePlay).toHaveBeenCalledTimes(1);
    call('nexttrack');
    call('previoustrack');
    expect([fake.calls.next, fake.calls.previous].map((f) => f.mock.calls.length)).toEqual([1, 1]);
    call('seekto', { seekTime: 42 });
    call('seekbackward');
    expect(fake.calls.seekTo).toHaveBeenCalledWith(42);
    expect(fake.calls.seekBy).toHaveBeenCalledWith(-MEDIA_SESSION_SEEK_SECONDS);
  });
});
