/**
 * What the player counts of a track (numbers-events.ts): started, heard for PLAYED_SECONDS, heard
 * to its end. Pure, fed by the player's audio events, so every rule is unit-tested.
 */
import { PLAYED_SECONDS, type PageEvent } from './numbers-events.ts';

/** A track as the media library names it: its playlist and its file there. */
export interface TrackName {
  playlist: string;
  file: string;
}

/** Longer steps than this between two `timeupdate`s are seeks, not listening. */
const MAX_STEP_SECONDS = 2;

export interface Listening {
  /** A track is loaded (null: none). */
  load(track: TrackName | null): void;
  /** The audio fired `playing`. */
  playing(): void;
  /** The audio's `timeupdate`, with its current time in seconds. */
  time(currentTime: number): void;
  /** The audio fired `ended`. */
  ended(): void;
}

/** Counts each loaded track's start, its 30 seconds heard (seeks skipped) and its end, once each. */
export function listeningCounter(count: (event: PageEvent) => void): Listening {
  let track: TrackName | null = null;
  let started = false;
  let heard = 0;
  let last = 0;
  let heardCounted = false;
  const send = (type: 'play' | 'play30' | 'end') => {
    if (track) count({ type, playlist: track.playlist, file: track.file });
  };
  return {
    load(next) {
      track = next;
      started = false;
      heard = 0;
      last = 0;
      heardCounted = false;
    },
    playing() {
      if (!started) send('play');
      started = true;
    },
    time(currentTime) {
      const step = currentTime - last;
      last = currentTime;
      if (!started || !(step > 0 && step < MAX_STEP_SECONDS)) return;
      heard += step;
      if (heard >= PLAYED_SECONDS && !heardCounted) {
        heardCounted = true;
        send('play30');
      }
    },
    ended() {
      if (started) send('end');
      started = false;
    },
  };
}
