/** The vitals' buckets and the 75th percentile read from them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketOf, percentile75, VITAL_BUCKETS, VITAL_MAX } from '../../../server/services/numbers/vitals.ts';
import { VITALS } from '../../../src/lib/numbers-events.ts';

const histogram = (metric: (typeof VITALS)[number], values: number[]) => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(bucketOf(metric, value), (counts.get(bucketOf(metric, value)) ?? 0) + 1);
  return counts;
};

describe('the vitals buckets', () => {
  it.each(VITALS)('%s: bounds rise, and the 75th percentile is the bound of the true one’s bucket', (metric) => {
    const bounds = VITAL_BUCKETS[metric];
    expect([...bounds].sort((a, b) => a - b)).toEqual(bounds);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: VITAL_MAX[metric], noNaN: true }), { minLength: 1, maxLength: 200 }),
        (values) => {
          const sorted = [...values].sort((a, b) => a - b);
          // The smallest value with at least 75 % of the values at or below it.
          const truth = sorted[Math.ceil(0.75 * sorted.length) - 1] ?? Number.NaN;
          const p75 = percentile75(metric, histogram(metric, values));
          const bucket = bucketOf(metric, truth);
          expect(p75).toBe(bounds[bucket] ?? Number.POSITIVE_INFINITY);
          expect(p75).toBeGreaterThanOrEqual(truth);
        },
      ),
    );
  });

  it('has nothing to say without measurements', () => {
    expect(percentile75('LCP', new Map())).toBeNull();
  });
});
