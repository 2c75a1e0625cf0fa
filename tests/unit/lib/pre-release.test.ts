/**
 * A release dated in the future: the moment the files give, which page a release gets at a
 * given time, the countdown's parts and the moments a screen reader hears.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { releaseSchema } from '../../../src/lib/content-schemas.ts';
import { releaseForHeroKey } from '../../../src/lib/hero-releases.ts';
import {
  isUpcoming,
  milestoneOf,
  nextReleaseInstant,
  releaseInstant,
  timeLeft,
  untilNextTick,
} from '../../../src/lib/pre-release.ts';
import { SAMPLE_RELEASE } from '../content/sample-release.ts';

const MOMENT = '2026-12-05T00:00-03:00';
const INSTANT = Date.UTC(2026, 11, 5, 3, 0);
const release = releaseSchema.parse(SAMPLE_RELEASE);

describe('the release schema', () => {
  it('takes a release moment with its offset, pre-save links per platform and a teaser video id', () => {
    const parsed = releaseSchema.parse({
      ...release,
      releaseAt: MOMENT,
      preSave: { spotify: 'https://distrokid.com/hyperfollow/x', 'apple-music': 'https://music.apple.com/pre-add/x' },
      teaser: 'dQw4w9WgXcQ',
    });
    expect(releaseInstant(parsed.releaseAt)).toBe(INSTANT);
    expect(Object.keys(parsed.preSave)).toEqual(['spotify', 'apple-music']);
    // Without them the release is an ordinary one.
    expect(releaseSchema.parse(release)).toMatchObject({ preSave: {} });
    expect(releaseSchema.parse(release).releaseAt).toBeUndefined();
  });

  it.each([
    ['a date without time', { releaseAt: '2026-12-05' }],
    ['a time without offset', { releaseAt: '2026-12-05T00:00' }],
    ['a day that does not exist', { releaseAt: '2026-02-31T00:00-03:00' }],
    ['a pre-save link that is not https', { preSave: { spotify: 'http://example.com' } }],
    ['a pre-save link on an unknown platform', { preSave: { myspace: 'https://myspace.com/x' } }],
    ['a teaser that is no video id', { teaser: 'https://youtu.be/x' }],
  ])('refuses %s', (_, change) => {
    expect(releaseSchema.safeParse({ ...release, ...change }).success).toBe(false);
  });

  it('never takes arbitrary text as a release moment', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const parsed = releaseSchema.safeParse({ ...release, releaseAt: text });
        // Taken only when it is a real instant.
        if (parsed.success) expect(Number.isNaN(Date.parse(text))).toBe(false);
        expect(parsed.success).toBe(releaseInstant(text) !== null);
      }),
    );
  });
});

describe('which page a release gets', () => {
  it('is the pre-release page until the moment, the normal page from it on', () => {
    expect(isUpcoming({ releaseAt: MOMENT }, INSTANT - 1)).toBe(true);
    expect(isUpcoming({ releaseAt: MOMENT }, INSTANT)).toBe(false);
    expect(isUpcoming({ releaseAt: MOMENT }, INSTANT + 1)).toBe(false);
    expect(isUpcoming({}, 0)).toBe(false);
  });

  it('leaves a single still to come out of the singles key until its moment', () => {
    const out = { kind: 'Single', released: '2026-10' };
    const coming = { kind: 'Single', released: '2026-12', releaseAt: MOMENT };
    expect(releaseForHeroKey('singles', [out, coming], INSTANT - 1)).toBe(out);
    expect(releaseForHeroKey('singles', [out, coming], INSTANT)).toBe(coming);
  });

  it('reads the offset: the same wall-clock time elsewhere is another instant', () => {
    expect(releaseInstant('2026-12-05T00:00Z')).toBe(Date.UTC(2026, 11, 5));
    expect(releaseInstant('2026-12-05T00:00:30+05:30')).toBe(Date.UTC(2026, 11, 4, 18, 30, 30));
  });

  it('schedules the earliest moment still to come', () => {
    const moments = ['2026-12-05T00:00Z', '2026-11-01T00:00Z', undefined, '2027-01-01T00:00Z'];
    expect(nextReleaseInstant(moments, Date.UTC(2026, 9, 1))).toBe(Date.UTC(2026, 10, 1));
    expect(nextReleaseInstant(moments, Date.UTC(2026, 10, 1))).toBe(Date.UTC(2026, 11, 5));
    expect(nextReleaseInstant(moments, Date.UTC(2027, 0, 1))).toBeNull();
    expect(nextReleaseInstant([], 0)).toBeNull();
  });
});

describe('the countdown', () => {
  it('splits the time left into days, hours, minutes and seconds, rounding the seconds up', () => {
    expect(timeLeft(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(timeLeft(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(timeLeft(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('adds back up to the time left, for any time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * 86_400_000 }), (ms) => {
        const { days, hours, minutes, seconds } = timeLeft(ms);
        expect(((days * 24 + hours) * 60 + minutes) * 60 + seconds).toBe(Math.ceil(ms / 1000));
        expect(hours).toBeLessThan(24);
        expect(minutes).toBeLessThan(60);
        expect(seconds).toBeLessThan(60);
        const wait = untilNextTick(ms);
        expect(wait).toBeGreaterThanOrEqual(ms === 0 ? 0 : 1);
        expect(wait).toBeLessThanOrEqual(1000);
      }),
    );
  });

  it('announces a day, an hour and a minute left and the release, nothing in between', () => {
    expect(milestoneOf(2 * 86_400_000)).toBeNull();
    expect(milestoneOf(86_400_000)).toBe('day');
    expect(milestoneOf(3_600_001)).toBe('day');
    expect(milestoneOf(3_600_000)).toBe('hour');
    expect(milestoneOf(60_000)).toBe('minute');
    expect(milestoneOf(1)).toBe('minute');
    expect(milestoneOf(0)).toBe('out');
  });
});
