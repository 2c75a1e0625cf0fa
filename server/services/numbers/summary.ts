/** The studio's view of the stored numbers: totals per track, click and page, the vitals' 75th percentiles. */
import type { Lang } from '../../../src/lib/languages.ts';
import type {
  ClickNumbers,
  NumbersAnswer,
  PageNumbers,
  TrackNumbers,
  VitalNumbers,
} from '../../../src/lib/numbers-answer.ts';
import type { Vital } from '../../../src/lib/numbers-events.ts';
import type { CountRow, VitalRow } from './numbers-store.ts';
import { utcDay } from './tally.ts';
import { percentile75, VITAL_BUCKETS } from './vitals.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `days` days up to the one `now` falls in, oldest first. */
export function lastDays(days: number, now: number): string[] {
  return Array.from({ length: days }, (_, index) => utcDay(now - (days - 1 - index) * DAY_MS));
}

const byCountDown = <T extends { count?: number; total?: number; play?: number }>(a: T, b: T) =>
  (b.count ?? b.total ?? b.play ?? 0) - (a.count ?? a.total ?? a.play ?? 0);

/** Sums the stored rows of `days` into the studio's answer. */
export function summarise(
  days: readonly string[],
  counts: readonly CountRow[],
  vitals: readonly VitalRow[],
): NumbersAnswer {
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const tracks = new Map<string, TrackNumbers>();
  const clicks = new Map<string, ClickNumbers>();
  const views = new Map<string, PageNumbers>();
  for (const row of counts) {
    const index = dayIndex.get(row.day);
    if (index === undefined) continue;
    const key = `${row.subject}\u0000${row.detail}`;
    if (row.event === 'view') {
      const page = views.get(key) ?? {
        path: row.subject,
        lang: row.detail as Lang,
        total: 0,
        byDay: days.map(() => 0),
      };
      page.total += row.count;
      page.byDay[index] = (page.byDay[index] ?? 0) + row.count;
      views.set(key, page);
    } else if (row.event === 'click') {
      const click = clicks.get(key) ?? { from: row.subject, platform: row.detail, count: 0 };
      click.count += row.count;
      clicks.set(key, click);
    } else {
      const track = tracks.get(key) ?? { playlist: row.subject, file: row.detail, play: 0, play30: 0, end: 0 };
      track[row.event] += row.count;
      tracks.set(key, track);
    }
  }
  const histograms = new Map<string, { page: string; metric: Vital; buckets: Map<number, number>; samples: number }>();
  for (const row of vitals) {
    if (!dayIndex.has(row.day)) continue;
    const key = `${row.page}\u0000${row.metric}`;
    const histogram = histograms.get(key) ?? {
      page: row.page,
      metric: row.metric,
      buckets: new Map<number, number>(),
      samples: 0,
    };
    histogram.buckets.set(row.bucket, (histogram.buckets.get(row.bucket) ?? 0) + row.count);
    histogram.samples += row.count;
    histograms.set(key, histogram);
  }
  const vitalNumbers = [...histograms.values()].map(({ page, metric, buckets, samples }): VitalNumbers => {
    const p75 = percentile75(metric, buckets);
    const beyond = p75 === Number.POSITIVE_INFINITY;
    return {
      page,
      metric,
      samples,
      p75: beyond ? null : p75,
      beyond: beyond ? (VITAL_BUCKETS[metric].at(-1) ?? null) : null,
    };
  });
  return {
    days: [...days],
    tracks: [...tracks.values()].sort(byCountDown),
    clicks: [...clicks.values()].sort(byCountDown),
    views: [...views.values()].sort(byCountDown),
    vitals: vitalNumbers.sort((a, b) => a.page.localeCompare(b.page) || a.metric.localeCompare(b.metric)),
  };
}
