/** The arithmetic of a rendition job's bounds. */
import { describe, expect, it } from 'vitest';
import { RENDITION_FORMATS } from '../../../../server/services/renditions/formats.ts';
import { clock, renditionBytes, renditionSeconds } from '../../../../server/services/renditions/limits.ts';

describe('rendition limits', () => {
  it('let a rendition last its master’s measured length and a little more', () => {
    expect(renditionSeconds(11.9)).toBe(14);
    expect(renditionSeconds(0)).toBe(2);
  });

  it('cap a rendition’s bytes well above what its bitrate makes, and far below what a lying header asks', () => {
    for (const format of RENDITION_FORMATS) {
      const fourMinutes = renditionBytes(format.bitrate, 240);
      expect(fourMinutes).toBeGreaterThan((format.bitrate / 8) * 240 * 1.5);
      expect(fourMinutes).toBeLessThan(12_000_000);
    }
    // The longest master by default: 4 hours of AAC at 160 kbps (288 MB) fits, a 73-hour one does not.
    expect(renditionBytes(160_000, 4 * 3600)).toBeGreaterThan(288_000_000);
    expect(renditionBytes(160_000, 4 * 3600)).toBeLessThan(600_000_000);
  });

  it('write a length as the artist’s listing does', () => {
    expect(clock(4 * 3600)).toBe('4:00:00');
    expect(clock(262_144)).toBe('72:49:04');
    expect(clock(187)).toBe('3:07');
  });
});
