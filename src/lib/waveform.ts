/**
 * The player's waveform, drawn from a track's peaks (the BBC `waveform-data` JSON the server
 * makes: min and max of each of about 1,500 bins, 8 bits) as one SVG path of vertical bars in a
 * `0 0 BARS 100` box, stretched to the progress bar's width. A few bars per CSS pixel are
 * enough; more would only weigh on the page.
 */

/** Bars drawn across the progress bar, whatever the track's length. */
export const WAVEFORM_BARS = 200;
/** The drawing's height, in its own units (the box is `0 0 WAVEFORM_BARS 100`). */
const HEIGHT = 100;
/** The quietest bar still shows as a line. */
const MIN_BAR = 2;

export interface Peaks {
  length: number;
  /** min, max of each bin, from −128 to 127. */
  data: number[];
}

/** The peaks in a server's answer, or null when it is not a usable waveform. */
export function readPeaks(json: unknown): Peaks | null {
  if (typeof json !== 'object' || json === null) return null;
  const { version, channels, bits, length, data } = json as Record<string, unknown>;
  const valid =
    version === 2 &&
    channels === 1 &&
    bits === 8 &&
    typeof length === 'number' &&
    length > 0 &&
    Array.isArray(data) &&
    data.length === length * 2 &&
    data.every((value) => typeof value === 'number' && value >= -128 && value <= 127);
  return valid ? { length, data: data as number[] } : null;
}

/**
 * An SVG path of `bars` bars, each as tall as the loudest peak of the bins it covers, scaled so
 * the track's loudest bar fills the height (a quiet master still draws a readable shape).
 */
export function waveformPath(peaks: Peaks, bars = WAVEFORM_BARS): string {
  const count = Math.min(bars, peaks.length);
  const heights: number[] = [];
  for (let bar = 0; bar < count; bar += 1) {
    const start = Math.floor((bar * peaks.length) / count);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * peaks.length) / count));
    let peak = 0;
    for (let bin = start; bin < end; bin += 1) {
      peak = Math.max(peak, Math.abs(peaks.data[bin * 2] ?? 0), Math.abs(peaks.data[bin * 2 + 1] ?? 0));
    }
    heights.push(peak);
  }
  const loudest = Math.max(1, ...heights);
  const width = bars / count;
  return heights
    .map((peak, bar) => {
      const height = Math.max(MIN_BAR, (peak / loudest) * HEIGHT);
      const x = bar * width + width * 0.15;
      const y = (HEIGHT - height) / 2;
      return `M${round(x)} ${round(y)}h${round(width * 0.7)}v${round(height)}h${round(-width * 0.7)}z`;
    })
    .join('');
}

const round = (value: number) => Math.round(value * 100) / 100;
