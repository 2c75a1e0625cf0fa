/** What the studio's numbers route answers, as the server writes it and the studio reads it. */
import type { Lang } from './languages.ts';
import type { Vital } from './numbers-events.ts';

/** The route, under the studio's API. */
export const NUMBERS_ROUTE = 'numbers';
/** The days shown unless asked otherwise, and the most that may be asked. */
export const NUMBERS_DEFAULT_DAYS = 28;
export const NUMBERS_MAX_DAYS = 366;

/** A track's counts over the days asked. */
export interface TrackNumbers {
  playlist: string;
  file: string;
  play: number;
  play30: number;
  end: number;
}

/** Clicks on one platform's button of a release's page, or of the landing page (`from` = LANDING). */
export interface ClickNumbers {
  from: string;
  platform: string;
  count: number;
}

/** A page's views in one language: in all, and day by day (the answer's `days`). */
export interface PageNumbers {
  path: string;
  lang: Lang;
  total: number;
  byDay: number[];
}

/** The 75th percentile of a vital on a page over the days asked, from `samples` measurements. */
export interface VitalNumbers {
  page: string;
  metric: Vital;
  samples: number;
  /** The bucket's upper bound it falls in; null when beyond the last (then `beyond` is that bound). */
  p75: number | null;
  beyond: number | null;
}

export interface NumbersAnswer {
  /** Each day asked, oldest first (YYYY-MM-DD, UTC). */
  days: string[];
  tracks: TrackNumbers[];
  clicks: ClickNumbers[];
  views: PageNumbers[];
  vitals: VitalNumbers[];
}
