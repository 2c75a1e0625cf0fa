/**
 * Which track comes next with shuffle and repeat: repeat one plays the track again at its end,
 * repeat all wraps round at the playlist's end, off stops there; shuffle plays every track once,
 * in a random order, before any plays again. Pure (the random source is passed in), so every
 * rule is unit-tested.
 */
import { nextIndex, previousIndex } from './player-logic.ts';

export const REPEAT_MODES = ['all', 'one', 'off'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];

/**
 * Repeat all is the default: the player has always gone round its playlist, so the music keeps
 * playing across pages until the visitor says otherwise.
 */
export const DEFAULT_REPEAT: RepeatMode = 'all';

/** The repeat mode after one press of its button: all → one → off → all. */
export function nextRepeatMode(mode: RepeatMode): RepeatMode {
  return REPEAT_MODES[(REPEAT_MODES.indexOf(mode) + 1) % REPEAT_MODES.length] ?? DEFAULT_REPEAT;
}

/** True for a stored value that is a repeat mode. */
export function isRepeatMode(value: unknown): value is RepeatMode {
  return typeof value === 'string' && (REPEAT_MODES as readonly string[]).includes(value);
}

export interface OrderState {
  index: number;
  count: number;
  shuffle: boolean;
  repeat: RepeatMode;
  /** The tracks played in this round of the shuffle, in order, the current one last. */
  played: readonly number[];
}

/** What follows: the track to load and the round's played list, or null to stop. */
export interface OrderStep {
  index: number;
  played: number[];
}

/** A number in [0, 1), like Math.random. */
export type Random = () => number;

/**
 * The track after the current one. `atEnd`: the track finished by itself (repeat one plays it
 * again; repeat off stops after the last); otherwise the visitor asked for the next one, which
 * always moves on and wraps round.
 */
export function followingTrack(state: OrderState, atEnd: boolean, random: Random): OrderStep | null {
  const { index, count, shuffle, repeat } = state;
  if (count <= 0) return null;
  if (atEnd && repeat === 'one') return { index, played: [...state.played] };
  if (!shuffle) {
    const last = index >= count - 1;
    if (atEnd && last && repeat === 'off') return null;
    const next = nextIndex(index, count);
    return { index: next, played: [next] };
  }
  const played = roundOf(state);
  const left = unplayed(count, played);
  if (left.length === 0) {
    if (atEnd && repeat === 'off') return null;
    // A new round: every track again, but not the one just heard twice in a row.
    const fresh = unplayed(count, [index]);
    const choice = pick(fresh.length > 0 ? fresh : [index], random);
    return { index: choice, played: [choice] };
  }
  const choice = pick(left, random);
  return { index: choice, played: [...played, choice] };
}

/** The track before: the one played before it in this shuffle round, else the one above (wrapping). */
export function precedingTrack(state: OrderState): OrderStep | null {
  const { index, count, shuffle } = state;
  if (count <= 0) return null;
  if (shuffle) {
    const played = roundOf(state);
    const before = played.at(-2);
    if (before !== undefined) return { index: before, played: played.slice(0, -1) };
  }
  const previous = previousIndex(index, count);
  return { index: previous, played: [previous] };
}

/** The round's played list, kept to valid indices and ending with the current track. */
function roundOf({ index, count, played }: OrderState): number[] {
  const valid = played.filter(
    (item, at) => Number.isInteger(item) && item >= 0 && item < count && played.indexOf(item) === at,
  );
  return valid.includes(index) ? [...valid.filter((item) => item !== index), index] : [...valid, index];
}

function unplayed(count: number, played: readonly number[]): number[] {
  const seen = new Set(played);
  return Array.from({ length: count }, (_, item) => item).filter((item) => !seen.has(item));
}

function pick(choices: readonly number[], random: Random): number {
  const at = Math.min(choices.length - 1, Math.max(0, Math.floor(random() * choices.length)));
  return choices[at] ?? 0;
}
