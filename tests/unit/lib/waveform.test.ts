import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPeaks, waveformPath, WAVEFORM_BARS } from '../../../src/lib/waveform.ts';

const waveform = (data: number[]) => ({
  version: 2,
  channels: 1,
  sample_rate: 44_100,
  samples_per_pixel: 512,
  bits: 8,
  length: data.length / 2,
  data,
});

/** The bars of a path, as [x, y, width, height]. */
const bars = (path: string) =>
  [...path.matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)/g)].map((match) => match.slice(1).map(Number));

describe('the waveform', () => {
  it('reads only a well-formed one-channel, 8-bit waveform', () => {
    expect(readPeaks(waveform([-10, 10, -128, 127]))).toEqual({ length: 2, data: [-10, 10, -128, 127] });
    for (const bad of [
      null,
      'x',
      { ...waveform([0, 0]), version: 1 },
      { ...waveform([0, 0]), length: 3 },
      waveform([0, 300]),
      waveform([]),
    ]) {
      expect(readPeaks(bad)).toBeNull();
    }
  });

  it('draws one bar per bin group, the loudest full height, centred', () => {
    const peaks = readPeaks(waveform([-64, 64, -128, 127, 0, 0, -32, 16]));
    if (!peaks) throw new Error('valid');
    const drawn = bars(waveformPath(peaks, 4));
    expect(drawn).toHaveLength(4);
    expect(drawn.map(([, , , height]) => height)).toEqual([50, 100, 2, 25]);
    for (const [, y, , height] of drawn) expect((y ?? 0) + (height ?? 0) / 2).toBeCloseTo(50, 1);
  });

  it('never draws more bars than asked, all inside the box', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -128, max: 127 }), { minLength: 2, maxLength: 4000 }), (values) => {
        const peaks = readPeaks(waveform(values.length % 2 ? values.slice(1) : values));
        if (!peaks) return;
        const drawn = bars(waveformPath(peaks));
        expect(drawn.length).toBeLessThanOrEqual(WAVEFORM_BARS);
        for (const [x, y, width, height] of drawn) {
          expect((x ?? 0) + (width ?? 0)).toBeLessThanOrEqual(WAVEFORM_BARS + 0.01);
          expect((y ?? 0) + (height ?? 0)).toBeLessThanOrEqual(100.01);
        }
      }),
    );
  });
});
