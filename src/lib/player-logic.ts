/** The player's arithmetic (track steps, seeking, volume), pure so every rule is unit-tested. */
import { VOLUME_STEP } from './constants.ts';

/** (index + 1) mod count; 0 for an empty list. */
export function nextIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

/** (index - 1 + count) mod count; 0 for an empty list. */
export function previousIndex(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count;
}

/** A volume kept within 0 to 1, rounded to the step so repeated presses land on 0 and 1 exactly. */
export function clampVolume(volume: number): number {
  const steps = Math.round(volume / VOLUME_STEP);
  return Math.min(1, Math.max(0, Number((steps * VOLUME_STEP).toFixed(2))));
}

/** A track title as shown: a leading prefix of digits and a dash removed (`01-Title` → `Title`). */
export function displayTitle(title: string): string {
  return title.replace(/^\d+\s*-\s*/, '');
}

/** The percent of the duration played; 0 while the duration is unknown. */
export function progressPercent(currentTime: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(100, Math.max(0, (currentTime / duration) * 100));
}

/** The time to seek to for a click at `fraction` (0 to 1) of the progress bar. */
export function seekTime(fraction: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(1, Math.max(0, fraction)) * duration;
}

/** `m:ss` for a number of seconds. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
