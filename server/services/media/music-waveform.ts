/**
 * A track's waveform for the studio's list: its peaks file (renditions/peaks.ts) reduced to a
 * few dozen bars from 0 to 1, small enough to send with the listing and draw at any width.
 */
import { readFile } from 'node:fs/promises';
import type { WaveformData } from '../renditions/peaks.ts';

/** How many bars a listed track's waveform has. */
export const WAVEFORM_BARS = 64;

/** The loudest sample of each of `bars` equal parts of the peaks, from 0 to 1. */
export function waveformBars(peaks: Pick<WaveformData, 'data'>, bars = WAVEFORM_BARS): number[] {
  const bins = Math.floor(peaks.data.length / 2);
  if (bins === 0) return [];
  return Array.from({ length: bars }, (_, bar) => {
    const from = Math.floor((bar * bins) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * bins) / bars));
    let loudest = 0;
    for (let bin = from; bin < to && bin < bins; bin += 1) {
      loudest = Math.max(loudest, Math.abs(peaks.data[bin * 2] ?? 0), Math.abs(peaks.data[bin * 2 + 1] ?? 0));
    }
    return Math.round((Math.min(loudest, 128) / 128) * 100) / 100;
  });
}

/** Reads and reduces peaks files, each once (a peaks file never changes: its folder is its master's hash). */
export function waveformReader(): (path: string) => Promise<number[] | null> {
  const known = new Map<string, number[]>();
  return async (path) => {
    const cached = known.get(path);
    if (cached) return cached;
    try {
      const bars = waveformBars(JSON.parse(await readFile(path, 'utf8')) as WaveformData);
      known.set(path, bars);
      return bars;
    } catch {
      return null;
    }
  };
}
