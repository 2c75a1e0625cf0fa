/**
 * Lighthouse mobile with its default simulated throttling, run programmatically against the
 * real server in Debian's Chromium: several runs per page, the median of each figure, the
 * bytes by type, and what Lighthouse itself says costs points (to explain a missed budget).
 *
 * This machine reaches no outside host: a request to another host (the site makes none
 * before a video is opened) fails, is counted apart, and its console error is named as such.
 */
import { existsSync } from 'node:fs';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROME_PATH, OFFLINE_FLAGS } from '../../scripts/chromium.ts';
import { median } from './stats.ts';

/** Headless, and nothing that reaches for the (closed) network on its own. */
const CHROME_FLAGS = ['--headless=new', ...OFFLINE_FLAGS];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

/** Lighthouse's defaults otherwise: mobile, simulated throttling. */
const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };

export interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** Milliseconds, except CLS. */
export interface Metrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
}

/** Bytes transferred (headers included, as Lighthouse counts them) by resource type. */
export interface BytesByType {
  document: number;
  css: number;
  js: number;
  images: number;
  fonts: number;
  audio: number;
  other: number;
  total: number;
}

export interface ExternalRequests {
  requests: number;
  failed: number;
  hosts: string[];
}

/** One Lighthouse run's figures. */
export interface RunFigures {
  scores: Scores;
  metrics: Metrics;
  bytes: BytesByType;
  requests: number;
  external: ExternalRequests;
}

/** An audit that cost points in at least one run. */
export interface LostPoints {
  id: string;
  category: string;
  title: string;
  runs: number;
  displayValue?: string;
}

/** Lighthouse's own explanations, from the run with the median performance score. */
export interface Diagnostics {
  benchmarkIndex: number;
  lcpElement?: string;
  renderBlocking: { url: string; bytes: number; ms: number }[];
  consoleErrors: string[];
  cpuByScript: { url: string; ms: number }[];
  longTasks: { url: string; ms: number }[];
  unusedJavascript: { url: string; bytes: number }[];
}

export interface PageLighthouse extends RunFigures {
  page: string;
  runs: RunFigures[];
  failedRuns: string[];
  lostPoints: LostPoints[];
  diagnostics?: Diagnostics;
}

export type LighthouseOutcome =
  | {
      ok: true;
      version: string;
      runsPerPage: number;
      pages: PageLighthouse[];
      /** Pages where every run failed, with why. */
      failedPages: { page: string; errors: string[] }[];
    }
  | { ok: false; error: string };

type TableItem = Record<string, unknown>;

/** The rows of an audit's table (or of the first table inside a list), loosely typed on purpose. */
function tableItems(lhr: Result, auditId: string): TableItem[] {
  const details = lhr.audits[auditId]?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') {
    const table = details.items.find((item) => (item as { type?: string }).type === 'table') as
      { items?: unknown[] } | undefined;
    return (table?.items ?? []) as TableItem[];
  }
  return details.items as TableItem[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

function bytesAndRequests(lhr: Result, origin: string): Pick<RunFigures, 'bytes' | 'requests' | 'external'> {
  const bytes: BytesByType = { document: 0, css: 0, js: 0, images: 0, fonts: 0, audio: 0, other: 0, total: 0 };
  const external: ExternalRequests = { requests: 0, failed: 0, hosts: [] };
  let requests = 0;
  for (const item of tableItems(lhr, 'network-requests')) {
    const url = text(item['url']);
    if (url.startsWith('data:')) continue;
    const size = num(item['transferSize']);
    if (new URL(url).origin !== origin) {
      external.requests += 1;
      if (num(item['statusCode']) < 100 || item['failed'] === true) external.failed += 1;
      const host = new URL(url).hostname;
      if (!external.hosts.includes(host)) external.hosts.push(host);
      continue;
    }
    requests += 1;
    const type = text(item['resourceType']);
    const mime = text(item['mimeType']);
    if (type === 'Document') bytes.document += size;
    else if (type === 'Stylesheet') bytes.css += size;
    else if (type === 'Script') bytes.js += size;
    else if (type === 'Image' || mime.startsWith('image/')) bytes.images += size;
    else if (type === 'Font') bytes.fonts += size;
    else if (type === 'Media' || mime.startsWith('audio/')) bytes.audio += size;
    else bytes.other += size;
    bytes.total += size;
  }
  return { bytes, requests, external };
}

function figures(lhr: Result, origin: string): RunFigures {
  const score = (id: CategoryId) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndex: metric('speed-index'),
    },
    ...bytesAndRequests(lhr, origin),
  };
}

/** Audits that weigh in a category's score and did not get full marks. */
function lostPoints(lhr: Result): Omit<LostPoints, 'runs'>[] {
  const lost: Omit<LostPoints, 'runs'>[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const entry: Omit<LostPoints, 'runs'> = { id: ref.id, category: id, title: audit.title };
      if (audit.displayValue) entry.displayValue = audit.displayValue;
      lost.push(entry);
    }
  }
  return lost;
}

function diagnostics(lhr: Result): Diagnostics {
  const lcpNode = (lhr.audits['lcp-breakdown-insight']?.details as { items?: unknown[] } | undefined)?.items?.find(
    (item) => (item as { type?: string }).type === 'node',
  ) as { selector?: string; nodeLabel?: string } | undefined;
  const result: Diagnostics = {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    renderBlocking: tableItems(lhr, 'render-blocking-insight').map((item) => ({
      url: text(item['url']),
      bytes: num(item['totalBytes']),
      ms: num(item['wastedMs']),
    })),
    consoleErrors: [
      ...new Set(
        tableItems(lhr, 'errors-in-console').map((item) => {
          const location = item['sourceLocation'] as { url?: string } | undefined;
          return `${text(item['description'])} (${location?.url ?? text(item['source'])})`;
        }),
      ),
    ],
    cpuByScript: tableItems(lhr, 'bootup-time')
      .slice(0, 5)
      .map((item) => ({ url: text(item['url']), ms: Math.round(num(item['total'])) })),
    longTasks: tableItems(lhr, 'long-tasks')
      .slice(0, 8)
      .map((item) => ({ url: text(item['url']), ms: Math.round(num(item['duration'])) })),
    unusedJavascript: tableItems(lhr, 'unused-javascript').map((item) => ({
      url: text(item['url']),
      bytes: num(item['wastedBytes']),
    })),
  };
  if (lcpNode) result.lcpElement = `${lcpNode.selector ?? ''} (${lcpNode.nodeLabel ?? ''})`;
  return result;
}

/** The median of every figure over the runs (each figure on its own). */
function medianFigures(runs: readonly RunFigures[]): RunFigures {
  const pick = <T>(get: (run: RunFigures) => T) => runs.map(get);
  const mid = (get: (run: RunFigures) => number) => median(pick(get));
  return {
    scores: {
      performance: mid((run) => run.scores.performance),
      accessibility: mid((run) => run.scores.accessibility),
      bestPractices: mid((run) => run.scores.bestPractices),
      seo: mid((run) => run.scores.seo),
    },
    metrics: {
      fcp: mid((run) => run.metrics.fcp),
      lcp: mid((run) => run.metrics.lcp),
      tbt: mid((run) => run.metrics.tbt),
      cls: mid((run) => run.metrics.cls),
      speedIndex: mid((run) => run.metrics.speedIndex),
    },
    bytes: {
      document: mid((run) => run.bytes.document),
      css: mid((run) => run.bytes.css),
      js: mid((run) => run.bytes.js),
      images: mid((run) => run.bytes.images),
      fonts: mid((run) => run.bytes.fonts),
      audio: mid((run) => run.bytes.audio),
      other: mid((run) => run.bytes.other),
      total: mid((run) => run.bytes.total),
    },
    requests: mid((run) => run.requests),
    external: {
      requests: mid((run) => run.external.requests),
      failed: mid((run) => run.external.failed),
      hosts: [...new Set(runs.flatMap((run) => run.external.hosts))],
    },
  };
}

interface PageRuns {
  page: string;
  results: { lhr: Result; figures: RunFigures }[];
  failedRuns: string[];
}

function summarise({ page, results, failedRuns }: PageRuns): PageLighthouse {
  const runs = results.map((result) => result.figures);
  const lost = new Map<string, LostPoints>();
  for (const { lhr } of results) {
    for (const entry of lostPoints(lhr)) {
      const key = `${entry.category}/${entry.id}`;
      const seen = lost.get(key);
      lost.set(key, seen ? { ...seen, runs: seen.runs + 1 } : { ...entry, runs: 1 });
    }
  }
  // Lighthouse's explanations come from the run whose performance score is the median one.
  const byScore = [...results].sort((a, b) => a.figures.scores.performance - b.figures.scores.performance);
  const medianRun = byScore[Math.floor(byScore.length / 2)];
  const summary: PageLighthouse = {
    page,
    ...medianFigures(runs),
    runs,
    failedRuns,
    lostPoints: [...lost.values()],
  };
  if (medianRun) summary.diagnostics = diagnostics(medianRun.lhr);
  return summary;
}

/**
 * Runs Lighthouse `runsPerPage` times on each page (interleaved, so a slow minute of the
 * machine does not land on one page only). Never throws: a Lighthouse that cannot run here is
 * an outcome to report.
 */
export async function measureLighthouse(
  baseUrl: string,
  pages: readonly string[],
  runsPerPage: number,
  log: (line: string) => void,
  options: { selfSignedCertificate?: boolean } = {},
): Promise<LighthouseOutcome> {
  // chrome-launcher crashes the process (an unhandled spawn error) on a missing executable.
  if (!existsSync(CHROME_PATH))
    return { ok: false, error: `Chromium was not found at ${CHROME_PATH} (set CHROME_PATH)` };
  let chrome: LaunchedChrome | undefined;
  try {
    // The loopback nginx's certificate is one the bench made: only then does Chromium accept it.
    const chromeFlags = options.selfSignedCertificate ? [...CHROME_FLAGS, '--ignore-certificate-errors'] : CHROME_FLAGS;
    chrome = await launch({ chromePath: CHROME_PATH, chromeFlags });
    const origin = new URL(baseUrl).origin;
    const collected: PageRuns[] = pages.map((page) => ({ page, results: [], failedRuns: [] }));
    let version = '';
    // The first page load of a fresh Chromium pays for cold caches (code, fonts) that no later
    // run does: here it once scored 71 with a TBT of 1.8 s where the next runs of the same page
    // scored 95 and 98. One unrecorded run absorbs that.
    const first = pages[0];
    if (first !== undefined) {
      const started = Date.now();
      await lighthouse(`${baseUrl}${first}`, { ...flags, port: chrome.port }).catch(() => undefined);
      log(`lighthouse warm-up run (not recorded): ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    for (let run = 1; run <= runsPerPage; run += 1) {
      for (const entry of collected) {
        const started = Date.now();
        try {
          const result = await lighthouse(`${baseUrl}${entry.page}`, { ...flags, port: chrome.port });
          const lhr = result?.lhr;
          if (!lhr) throw new Error('Lighthouse returned no result');
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          version = lhr.lighthouseVersion;
          entry.results.push({ lhr, figures: figures(lhr, origin) });
          log(`lighthouse ${entry.page} run ${run}/${runsPerPage}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
        } catch (error) {
          entry.failedRuns.push(error instanceof Error ? error.message : String(error));
          log(`lighthouse ${entry.page} run ${run}/${runsPerPage} failed: ${String(error)}`);
        }
      }
    }
    if (collected.every((entry) => entry.results.length === 0)) {
      return { ok: false, error: `every Lighthouse run failed: ${collected[0]?.failedRuns[0] ?? 'no page given'}` };
    }
    return {
      ok: true,
      version,
      runsPerPage,
      pages: collected.filter((entry) => entry.results.length > 0).map(summarise),
      failedPages: collected
        .filter((entry) => entry.results.length === 0)
        .map((entry) => ({ page: entry.page, errors: entry.failedRuns })),
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    chrome?.kill();
  }
}
