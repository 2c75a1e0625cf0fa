/**
 * The budgets of ../shared/DESIGN.md ("Budgets") and the previous site's figures they are
 * compared with, in one place: the benchmark marks each figure against them, and the byte
 * budget test fails on the same limits.
 */

/** Kilobytes as the budgets write them: 1 KB = 1000 bytes (the stricter reading of "KB"). */
export const KB = 1000;

/** How a figure meets its limit. */
export type Comparison = 'below' | 'at-least';

export interface Budget {
  limit: number;
  comparison: Comparison;
  /** How the budget reads in a table: `< 1.2 s`, `100`. */
  label: string;
  /** The previous site's figure, for comparison, as it reads in a table. */
  old?: string;
}

const below = (limit: number, label: string, old?: string): Budget =>
  old === undefined ? { limit, comparison: 'below', label } : { limit, comparison: 'below', label, old };
const atLeast = (limit: number, label: string, old?: string): Budget =>
  old === undefined ? { limit, comparison: 'at-least', label } : { limit, comparison: 'at-least', label, old };

/** The previous site's GraphQL throughput on this kind of machine. */
export const OLD_GRAPHQL_REQUESTS_PER_SECOND = 2100;

export const BUDGETS = {
  /** Lighthouse category scores, 0–100. */
  performance: atLeast(100, '100', '67'),
  accessibility: atLeast(100, '100'),
  bestPractices: atLeast(100, '100'),
  seo: atLeast(100, '100'),
  /** Milliseconds. */
  lcp: below(1000, '< 1.0 s', '13.5 s'),
  tbt: below(50, '< 50 ms', '325 ms'),
  cls: below(0.01, '< 0.01'),
  /**
   * Milliseconds from a visitor's input to the next paint, measured on real devices by the site's
   * own counts: the lab has no such figure (TBT stands in for it), so the bar is Core Web
   * Vitals' "good".
   */
  inp: below(200, '< 200 ms'),
  /** Bytes transferred on a home page's first load. */
  firstLoadBytes: below(250 * KB, '< 250 KB', '2.84 MB'),
  /** Bytes of JavaScript a page's load transfers in its first 5 s (Lighthouse's load, headers included). */
  firstSecondsJavascript: below(100 * KB, '< 100 KB'),
  /** Bytes of first-load JavaScript, gzipped. */
  javascriptGzip: below(100 * KB, '< 100 KB gzip', '126 KB'),
  /** Bytes of the embeddable player's JavaScript, gzipped: it loads inside other sites' pages. */
  embedJavascriptGzip: below(30 * KB, '< 30 KB gzip'),
  /** Five times the old endpoint, at 50 connections. */
  graphqlRequestsPerSecond: atLeast(5 * OLD_GRAPHQL_REQUESTS_PER_SECOND, '≥ 10,500 req/s', '2,100 req/s'),
  /** Milliseconds, at 50 connections. */
  graphqlP99: below(20, '< 20 ms', '76 ms'),
  /** Milliseconds from a click on a hero key to the audio's `playing` event, on localhost. */
  clickToPlaying: below(300, '< 300 ms'),
  /** Bytes a phone downloads for the studio's sign-in page. */
  studioShellBytes: below(40 * KB, '< 40 KB'),
  /** Bytes a phone downloads to open the editor the first time, and again after a reload. */
  studioEditorFirstBytes: below(1600 * KB, '< 1.6 MB'),
  studioEditorSecondBytes: below(60 * KB, '< 60 KB'),
  /** Milliseconds until the editor's list answers a tap, on slow 4G with a 4× slower CPU. */
  studioUsableMs: below(8000, '< 8 s'),
} satisfies Record<string, Budget>;

/** True when the figure meets the budget. */
export function meets(figure: number, budget: Budget): boolean {
  return budget.comparison === 'below' ? figure < budget.limit : figure >= budget.limit;
}
