/** What is kept for the next visit, read and written through atoms that stand in for localStorage. */
import { atom } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import { attachPersistence, POSITION_SAVE_MS } from '../../../../src/stores/player/persistence.ts';
import { fakeController, track } from './fake-controller.ts';

const TWO = track('02-Two', 2);
const ALBUM = [track('01-One', 1), TWO];

let fake: ReturnType<typeof fakeController>;
let clock: number;
const saved = atom<unknown>(null);
const savedModes = atom<unknown>(null);

function attach() {
  return attachPersistence(fake.controller, { saved, savedModes, now: () => clock });
}

beforeEach(() => {
  fake = fakeController({ Album: ALBUM, Gone: [] });
  clock = 0;
  saved.set(null);
  savedModes.set(null);
});

describe('the modes', () => {
  it('are put into the state at once, and kept when they change', () => {
    savedModes.set({ shuffle: true, repeat: 'one' });
    attach();
    expect(fake.controller.$state.get()).toMatchObject({ shuffle: true, repeat: 'one' });
    fake.controller.$state.setKey('repeat', 'off');
    expect(savedModes.get()).toEqual({ shuffle: true, repeat: 'off' });
  });
});

describe('the position', () => {
  it('is kept when a track is loaded, every few seconds while playing, and on pause', () => {
    attach();
    fake.load('Album', 1);
    fake.tell('trackLoaded', TWO, 'Album', 1, 7);
    expect(saved.get()).toEqual({ playlist: 'Album', index: 1, time: 7 });
    fake.controller.$state.setKey('playing', true);
    fake.setTime(9);
    clock = POSITION_SAVE_MS;
    fake.tell('timeUpdated', 9);
    expect(saved.get()).toEqual({ playlist: 'Album', index: 1, time: 9 });
    fake.setTime(12);
    clock += POSITION_SAVE_MS - 1;
    fake.tell('timeUpdated', 12);
    expect(saved.get()).toEqual({ playlist: 'Album', index: 1, time: 9 });
    fake.tell('paused');
    expect(saved.get()).toEqual({ playlist: 'Album', index: 1, time: 12 });
  });

  it('is never an error when the storage refuses it', () => {
    const full = atom<unknown>(null);
    full.set = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const persistence = attachPersistence(fake.controller, { saved: full, savedModes });
    fake.load('Album');
    expect(() => persistence.savePosition()).not.toThrow();
  });
});

describe('restoring the last visit', () => {
  it('loads the kept track paused at its position, unless its playlist is empty now', async () => {
    saved.set({ playlist: 'Gone', index: 0, time: 3 });
    await attach().restore();
    expect(fake.calls.loadPlaylist).not.toHaveBeenCalled();
    saved.set({ playlist: 'Album', index: 1, time: 3 });
    await attach().restore();
    expect(fake.calls.loadPlaylist).toHaveBeenCalledWith('Album', { playNow: false, index: 1, startAt: 3 });
  });
});
