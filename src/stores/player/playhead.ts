/**
 * Where the playhead is. A track may start part-way (a resumed visit, a shared moment); some
 * engines drop a start set before the metadata comes, so the start is kept as pending and counts
 * as the position until the element has applied it. Publishes the time as the element reports it.
 */
import type { MapStore } from 'nanostores';
import { progressPercent, seekTime } from '../../lib/player-logic.ts';
import type { PlayerState } from './state.ts';
import type { AudioLike, Tell } from './types.ts';

export interface Playhead {
  /** A new source starts at `start` seconds (0: at its beginning). */
  startAt: (start: number) => void;
  /** The playhead in seconds: a start not yet applied to the element counts as where it is. */
  current: () => number;
  /** Moves to `seconds`, within the track; only for a loaded track of known length. */
  seekTo: (seconds: number) => void;
  /** Moves to a fraction (0 to 1) of the duration. */
  seekToFraction: (fraction: number) => void;
  /** The element fired `playing`: a start it let go unapplied is put right. */
  playing: () => void;
}

export function createPlayhead(audio: AudioLike, $state: MapStore<PlayerState>, tell: Tell): Playhead {
  let pendingStart: number | null = null;
  const positionChanged = () => tell('positionChanged');

  /** The track's length: the element's once known, else the playlist's. */
  function knownDuration(): number {
    return Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : $state.get().duration;
  }

  audio.addEventListener('timeupdate', () => {
    // Before a moment's start is applied, the element still says 0: the state keeps the moment.
    if (pendingStart !== null && audio.currentTime < pendingStart) return;
    pendingStart = null;
    const duration = Number.isFinite(audio.duration) ? audio.duration : $state.get().duration;
    $state.set({
      ...$state.get(),
      currentTime: audio.currentTime,
      progress: progressPercent(audio.currentTime, duration),
    });
    tell('timeUpdated', audio.currentTime);
  });
  audio.addEventListener('loadedmetadata', () => {
    // An engine that dropped the start set before the metadata came gets it again now.
    if (pendingStart !== null && Number.isFinite(audio.duration) && pendingStart < audio.duration) {
      audio.currentTime = pendingStart;
    }
    positionChanged();
  });
  audio.addEventListener('durationchange', () => {
    if (Number.isFinite(audio.duration)) $state.setKey('duration', audio.duration);
    positionChanged();
  });
  audio.addEventListener('seeked', positionChanged);
  audio.addEventListener('ratechange', positionChanged);

  return {
    startAt(start) {
      pendingStart = start > 0 ? start : null;
      if (start > 0) audio.currentTime = start;
    },
    current: () => pendingStart ?? (Number.isFinite(audio.currentTime) ? audio.currentTime : 0),
    seekTo(seconds) {
      const { tracks, status } = $state.get();
      const duration = knownDuration();
      if (status !== 'ready' || tracks.length === 0 || !(duration > 0) || !Number.isFinite(seconds)) return;
      const time = Math.min(duration, Math.max(0, seconds));
      pendingStart = null;
      audio.currentTime = time;
      $state.set({ ...$state.get(), currentTime: time, progress: progressPercent(time, duration) });
      positionChanged();
    },
    seekToFraction(fraction) {
      const duration = knownDuration();
      if (!(duration > 0)) return;
      pendingStart = null;
      audio.currentTime = seekTime(fraction, duration);
      $state.set({
        ...$state.get(),
        currentTime: audio.currentTime,
        progress: progressPercent(audio.currentTime, duration),
      });
      positionChanged();
    },
    playing() {
      // An engine that let the start go unapplied plays from 0: the moment is put right now.
      if (pendingStart !== null) {
        if (audio.currentTime < pendingStart - 0.5) audio.currentTime = pendingStart;
        pendingStart = null;
      }
    },
  };
}
