import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  followingTrack,
  nextRepeatMode,
  precedingTrack,
  REPEAT_MODES,
  type OrderState,
  type RepeatMode,
} from '../../../src/lib/play-order.ts';

const inOrder = (index: number, count: number, repeat: RepeatMode): OrderState => ({
  index,
  count,
  shuffle: false,
  repeat,
  played: [index],
});
const random = () => 0.5;

describe('repeat', () => {
  it('goes all → one → off → all', () => {
    expect((['all', 'one', 'off'] as const).map(nextRepeatMode)).toEqual(['one', 'off', 'all']);
  });

  it('one plays the same track again at its end, but next still moves on', () => {
    expect(followingTrack(inOrder(1, 3, 'one'), true, random)?.index).toBe(1);
    expect(followingTrack(inOrder(1, 3, 'one'), false, random)?.index).toBe(2);
  });

  it('all wraps at the end; off stops there, though next still wraps', () => {
    expect(followingTrack(inOrder(2, 3, 'all'), true, random)?.index).toBe(0);
    expect(followingTrack(inOrder(2, 3, 'off'), true, random)).toBeNull();
    expect(followingTrack(inOrder(1, 3, 'off'), true, random)?.index).toBe(2);
    expect(followingTrack(inOrder(2, 3, 'off'), false, random)?.index).toBe(0);
  });

  it('previous goes up the list, wrapping', () => {
    expect(precedingTrack(inOrder(0, 3, 'all'))?.index).toBe(2);
    expect(precedingTrack(inOrder(2, 3, 'off'))?.index).toBe(1);
  });

  it('nothing follows in an empty list', () => {
    expect(followingTrack(inOrder(0, 0, 'all'), true, random)).toBeNull();
    expect(precedingTrack(inOrder(0, 0, 'all'))).toBeNull();
  });
});

describe('shuffle', () => {
  /** Plays from `start` to the end of the round (or `steps` tracks), as the track ends would. */
  function playRound(count: number, start: number, repeat: RepeatMode, randoms: number[], steps: number) {
    let state: OrderState = { index: start, count, shuffle: true, repeat, played: [start] };
    const heard = [start];
    for (let step = 0; step < steps; step += 1) {
      const pick = randoms[step % randoms.length] ?? 0;
      const next = followingTrack(state, true, () => pick);
      if (!next) return { heard, stopped: true };
      heard.push(next.index);
      state = { ...state, index: next.index, played: next.played };
    }
    return { heard, stopped: false };
  }

  it('plays every track once before any plays again, for any random source', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        fc.array(fc.double({ min: 0, max: 0.999_999, noNaN: true }), { minLength: 1 }),
        (count, startSeed, randoms) => {
          const start = startSeed % count;
          const { heard } = playRound(count, start, 'all', randoms, count * 2 - 1);
          // Each window of `count` tracks from a round's start holds every track once.
          expect(new Set(heard.slice(0, count)).size).toBe(count);
          expect(new Set(heard.slice(count, count * 2)).size).toBe(count);
          // And no track twice in a row across rounds, unless it is the only one.
          if (count > 1) heard.slice(1).forEach((track, at) => expect(track).not.toBe(heard[at]));
        },
      ),
    );
  });

  it('stops after the round with repeat off, and repeat one keeps the track', () => {
    const { heard, stopped } = playRound(4, 0, 'off', [0.3], 10);
    expect(stopped).toBe(true);
    expect(new Set(heard).size).toBe(4);
    expect(heard).toHaveLength(4);
    expect(playRound(4, 2, 'one', [0.3], 3).heard).toEqual([2, 2, 2, 2]);
  });

  it('previous goes back through the tracks heard in this round', () => {
    const state: OrderState = { index: 3, count: 5, shuffle: true, repeat: 'all', played: [0, 4, 3] };
    expect(precedingTrack(state)).toEqual({ index: 4, played: [0, 4] });
  });

  it('ignores a stored played list with nonsense in it', () => {
    const state: OrderState = { index: 1, count: 3, shuffle: true, repeat: 'off', played: [7, -1, 1.5, 1, 1] };
    const next = followingTrack(state, true, () => 0);
    expect(next?.index).toBe(0);
    expect(REPEAT_MODES).toContain('off');
  });
});
