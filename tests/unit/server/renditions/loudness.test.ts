import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  albumLoudness,
  gainFor,
  gainsFor,
  MAX_TRUE_PEAK_DBTP,
  parseEbur128Summary,
  TARGET_LUFS,
} from '../../../../server/services/renditions/loudness.ts';
import { PeakCollector } from '../../../../server/services/renditions/peaks.ts';

// The end of what ffmpeg 5.1's ebur128=peak=true writes.
const SUMMARY = `[Parsed_ebur128_0 @ 0x55] Summary:

  Integrated loudness:
    I:         -21.7 LUFS
    Threshold: -31.7 LUFS

  Loudness range:
    LRA:         0.0 LU
    Threshold: -41.7 LUFS

  True peak:
    Peak:      -18.1 dBFS
`;

describe('the EBU R128 summary', () => {
  it('gives the integrated loudness and true peak', () => {
    expect(parseEbur128Summary(`t: 9.9 M: -21.0 S: -21.0 I: -30.0 LUFS\n${SUMMARY}`)).toEqual({
      integrated: -21.7,
      truePeak: -18.1,
    });
  });

  it('reads digital silence as the 24-bit floor, a number JSON can carry', () => {
    const silent = SUMMARY.replace('-21.7 LUFS', '-70.0 LUFS').replace('-18.1 dBFS', '-inf dBFS');
    expect(parseEbur128Summary(silent)).toEqual({ integrated: -70, truePeak: -144 });
  });

  it('is null without a summary', () => {
    expect(parseEbur128Summary('Conversion failed!')).toBeNull();
  });
});

describe('the gain', () => {
  it('brings a track to −14 LUFS when its peak allows', () => {
    expect(gainFor({ integrated: -20, truePeak: -10 })).toBe(6);
    expect(gainFor({ integrated: -8, truePeak: 0 })).toBe(-6);
  });

  it('stops where the true peak would pass −1 dBTP, rather than compressing', () => {
    expect(gainFor({ integrated: -20, truePeak: -3 })).toBe(2);
  });

  it('leaves silence alone', () => {
    expect(gainFor({ integrated: -70, truePeak: -144 })).toBe(0);
  });

  it('never makes a track louder than −14 LUFS nor its peak higher than −1 dBTP', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -69, max: 0, noNaN: true }),
        fc.double({ min: -60, max: 3, noNaN: true }),
        (integrated, truePeak) => {
          const gain = gainFor({ integrated, truePeak });
          // Rounded to 0.1 dB: within 0.05 dB of the bounds.
          expect(integrated + gain).toBeLessThanOrEqual(TARGET_LUFS + 0.05);
          expect(truePeak + gain).toBeLessThanOrEqual(MAX_TRUE_PEAK_DBTP + 0.05);
        },
      ),
    );
  });

  it('is one shared value in album mode, set by the release as a whole', () => {
    const tracks = [
      { integrated: -24, truePeak: -12, duration: 60 },
      { integrated: -14, truePeak: -6, duration: 180 },
    ];
    const [quiet, loud] = gainsFor(tracks, 'album');
    expect(quiet).toBe(loud);
    // Energy weighted by duration: (60 × 10^−2.4 + 180 × 10^−1.4) / 240 is −15.1 LUFS, so
    // the release is raised by 1.1 dB and its quiet intro stays 10 dB under the song.
    expect(albumLoudness(tracks).integrated).toBeCloseTo(-15.1, 1);
    expect(loud).toBe(1.1);
    expect(gainsFor(tracks, 'track')).toEqual([10, 0]);
  });
});

describe('the waveform peaks', () => {
  const samples = (values: number[]) => Buffer.from(Int16Array.from(values).buffer);

  it('keeps each bin’s minimum and maximum, in 8 bits', () => {
    const collector = new PeakCollector();
    collector.add(samples([0, 32_767, -32_768, 256, ...Array<number>(60).fill(0)]));
    const waveform = collector.finish(44_100);
    expect(waveform).toMatchObject({ version: 2, channels: 1, bits: 8, sample_rate: 44_100, length: 1 });
    expect(waveform.data).toEqual([-128, 127]);
  });

  it('has about 1,500 bins whatever the length, and a sample split across chunks stays whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200_000, max: 3_000_000 }), fc.integer({ min: 1, max: 9999 }), (count, cut) => {
        const collector = new PeakCollector();
        const bytes = Buffer.alloc(count * 2);
        bytes.writeInt16LE(-12_800, 2 * (count - 1));
        collector.add(bytes.subarray(0, cut * 2 + 1));
        collector.add(bytes.subarray(cut * 2 + 1));
        const waveform = collector.finish(44_100);
        expect(waveform.length).toBeGreaterThanOrEqual(1000);
        expect(waveform.length).toBeLessThanOrEqual(1500);
        expect(waveform.data).toHaveLength(waveform.length * 2);
        expect(waveform.data.at(-2)).toBe(-50);
        expect(waveform.length * waveform.samples_per_pixel).toBeGreaterThanOrEqual(count);
      }),
      { numRuns: 20 },
    );
  });
});
