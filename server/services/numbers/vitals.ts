/**
 * The Web Vitals kept as histograms over fixed buckets: one row per day, page, metric and
 * bucket, however many visits, and still enough to tell the 75th percentile to a bucket's width.
 */
import type { Vital } from '../../../src/lib/numbers-events.ts';

/**
 * Each metric's bucket upper bounds (inclusive), in its unit (milliseconds; CLS has none); a
 * value above the last goes into one more bucket. Finer where the budgets lie.
 */
export const VITAL_BUCKETS: Record<Vital, readonly number[]> = {
  LCP: [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 6000, 10_000],
  INP: [16, 32, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 2000],
  CLS: [0.001, 0.0025, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

/** The largest value believed; anything above is a broken measurement and dropped. */
export const VITAL_MAX: Record<Vital, number> = { LCP: 120_000, INP: 60_000, CLS: 100 };

/** The bucket a value falls into: 0 to the bounds' length (above the last bound). */
export function bucketOf(metric: Vital, value: number): number {
  const bounds = VITAL_BUCKETS[metric];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/**
 * The 75th percentile from a histogram (counts by bucket): the upper bound of the bucket it
 * falls in, so never below the true value; Infinity when it falls above the last bound, null
 * when nothing was measured.
 */
export function percentile75(metric: Vital, counts: ReadonlyMap<number, number>): number | null {
  const bounds = VITAL_BUCKETS[metric];
  let total = 0;
  for (const count of counts.values()) total += count;
  if (total === 0) return null;
  let seen = 0;
  for (let bucket = 0; bucket <= bounds.length; bucket++) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= 0.75 * total) return bounds[bucket] ?? Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}
