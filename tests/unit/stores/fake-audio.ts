/**
 * A stand-in for the `<audio>` element with the behaviour the player relies on: play()
 * resolves and fires `playing`, pause() fires `pause`, a new source rejects a pending play
 * with an AbortError, and the test can fire `timeupdate`, `ended`, `waiting` at will.
 */
import type { AudioLike } from '../../../src/stores/player.ts';

export class FakeAudio extends EventTarget implements AudioLike {
  currentTime = 0;
  duration = Number.NaN;
  volume = 1;
  muted = false;
  playbackRate = 1;
  preload = '';
  paused = true;
  /** Set to make the next play() reject with this error name. */
  failNextPlayWith: string | null = null;
  plays = 0;
  /** The types this audio plays (everything when null), as `canPlayType` answers. */
  playableTypes: string[] | null = null;
  #src = '';

  canPlayType(type: string): string {
    return this.playableTypes === null || this.playableTypes.includes(type) ? 'probably' : '';
  }

  get src(): string {
    return this.#src;
  }

  set src(value: string) {
    this.#src = value;
    this.currentTime = 0;
    this.duration = Number.NaN;
  }

  play(): Promise<void> {
    this.plays += 1;
    if (this.failNextPlayWith) {
      const error = new DOMException('play failed', this.failNextPlayWith);
      this.failNextPlayWith = null;
      return Promise.reject(error);
    }
    if (this.paused) {
      this.paused = false;
      this.dispatchEvent(new Event('play'));
    }
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }

  /** Simulates playback reaching `time` of a track `duration` seconds long. */
  advance(time: number, duration: number): void {
    this.duration = duration;
    this.currentTime = time;
    this.dispatchEvent(new Event('durationchange'));
    this.dispatchEvent(new Event('timeupdate'));
  }

  fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }
}
