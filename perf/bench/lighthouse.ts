/**
 * Lighthouse mobile with simulated throttling, run programmatically against the real server in
 * Debian's Chromium: several runs per page, the median of each figure, the bytes by type, and
 * what Lighthouse itself says costs points (to explain a missed budget).
 *
 * Each load is gathered once and audited twice: at a CPU slowdown calibrated to this machine's
 * benchmarkIndex (cpu-calibration.ts), the figures the table holds to the budgets, and at
 * Lighthouse's default 4×, what an uncalibrated run reports here. Simulated throttling slows
 * nothing while gathering, so both come from the same load and differ only by the slowdown.
 *
 * This machine reaches no outside host: a request to another host (the site makes none
 * before a video is opened) fails, is counted apart, and its console error is named as such.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROME_PATH, OFFLINE_FLAGS } from '../../scripts/chromium.ts';
import { calibratedCpuSlowdown, DEFAULT_CPU_SLOWDOWN, REFERENCE_BENCHMARK_INDEX } from './cpu-calibration.ts';
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
  /** The scripts requested in the load's first seconds (FIRST_SECONDS), after-paint ones included. */
  jsFirstSeconds: number;
}

/** The window of the first-load JavaScript figure: what a visitor's phone fetches without asking. */
export const FIRST_SECONDS = 5;

export interface ExternalRequests {
  requests: number;
  failed: number;
  hosts: string[];
}

/** What the CPU slowdown changes: the simulated scores and metrics. */
export interface Simulated {
  scores: Scores;
  metrics: Metrics;
}

/** One Lighthouse run's figures, at the calibrated slowdown unless said otherwise. */
export interface RunFigures extends Simulated {
  bytes: BytesByType;
  requests: number;
  external: ExternalRequests;
  /** This machine's benchmarkIndex as Lighthouse measured it just before the load. */
  benchmarkIndex: number;
  /** The same load simulated at Lighthouse's default slowdown. */
  atDefaultSlowdown: Simulated;
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

/** How the pass's CPU slowdown was calibrated: `default` × benchmarkIndex / `referenceBenchmarkIndex`. */
export interface Calibration {
  default: number;
  referenceBenchmarkIndex: number;
  /** The median over the pass's loads, and the lowest and highest. */
  benchmarkIndex: number;
  benchmarkIndexRange: [number, number];
  cpuSlowdown: number;
}

export type LighthouseOutcome =
  | {
      ok: true;
      version: string;
      runsPerPage: number;
      calibration: Calibration;
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
  const bytes: BytesByType = {
    document: 0,
    css: 0,
    js: 0,
    images: 0,
    fonts: 0,
    audio: 0,
    other: 0,
    total: 0,
    jsFirstSeconds: 0,
  };
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
    else if (type === 'Script') {
      bytes.js += size;
      if (num(item['networkRequestTime']) < FIRST_SECONDS * 1000) bytes.jsFirstSeconds += size;
    } else if (type === 'Image' || mime.startsWith('image/')) bytes.images += size;
    else if (type === 'Font') bytes.fonts += size;
    else if (type === 'Media' || mime.startsWith('audio/')) bytes.audio += size;
    else bytes.other += size;
    bytes.total += size;
  }
  return { bytes, requests, external };
}

function simulated(lhr: Result): Simulated {
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
  };
}

function figures(lhr: Result, atDefault: Result, origin: string): RunFigures {
  return {
    ...simulated(lhr),
    ...bytesAndRequests(lhr, origin),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    atDefaultSlowdown: simulated(atDefault),
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

/** The median of each figure of a group (the scores, the metrics, the bytes) over the runs, each on its own. */
function medianEach<Group extends { [Key in keyof Group]: number }>(groups: readonly Group[]): Group {
  const keys = Object.keys(groups[0] ?? {}) as (keyof Group)[];
  return Object.fromEntries(keys.map((key) => [key, median(groups.map((group) => group[key]))])) as Group;
}

/** The median of each simulated figure over the runs (each figure on its own). */
function medianSimulated(runs: readonly Simulated[]): Simulated {
  return {
    scores: medianEach(runs.map((run) => run.scores)),
    metrics: medianEach(runs.map((run) => run.metrics)),
  };
}

/** The median of every figure over the runs (each figure on its own). */
function medianFigures(runs: readonly RunFigures[]): RunFigures {
  const mid = (get: (run: RunFigures) => number) => median(runs.map(get));
  return {
    ...medianSimulated(runs),
    bytes: medianEach(runs.map((run) => run.bytes)),
    requests: mid((run) => run.requests),
    external: {
      requests: mid((run) => run.external.requests),
      failed: mid((run) => run.external.failed),
      hosts: [...new Set(runs.flatMap((run) => run.external.hosts))],
    },
    benchmarkIndex: mid((run) => run.benchmarkIndex),
    atDefaultSlowdown: medianSimulated(runs.map((run) => run.atDefaultSlowdown)),
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

/** Where Lighthouse saves a gathered load (artifacts.json, the trace, the DevTools log). */
const ARTIFACTS_FILE = 'artifacts.json';

/**
 * Audits the load saved in `dir` at a CPU slowdown. Lighthouse refuses to audit with settings
 * other than those it gathered with; the slowdown only enters the simulation (gathering under
 * simulated throttling slows nothing), so the saved settings are told the slowdown audited at.
 * (Gathering also gives the slowdown to a requestIdleCallback shim that shortens the idle
 * deadline; the site's islands wait for idle but never read the deadline.)
 */
async function auditAt(dir: string, cpuSlowdownMultiplier: number): Promise<Result> {
  const file = join(dir, ARTIFACTS_FILE);
  const artifacts = JSON.parse(await readFile(file, 'utf8')) as {
    settings: { throttling: { cpuSlowdownMultiplier: number } };
  };
  artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
  await writeFile(file, JSON.stringify(artifacts));
  const result = await lighthouse(undefined, { ...flags, auditMode: dir, throttling: { cpuSlowdownMultiplier } });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return lhr;
}

/** Loads `url` once and saves what Lighthouse gathered in `dir`; returns its benchmarkIndex. */
async function gather(url: string, port: number, dir: string): Promise<number> {
  await lighthouse(url, { ...flags, port, gatherMode: dir });
  const artifacts = JSON.parse(await readFile(join(dir, ARTIFACTS_FILE), 'utf8')) as { BenchmarkIndex?: number };
  if (typeof artifacts.BenchmarkIndex !== 'number') throw new Error('Lighthouse gathered no benchmarkIndex');
  return artifacts.BenchmarkIndex;
}

/** `/en/spotify` run 2 → `en-spotify-2`, the folder of one saved load. */
const loadFolder = (page: string, run: number) => `${page.replace(/^\//, '').replaceAll('/', '-') || 'root'}-${run}`;

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs Lighthouse `runsPerPage` times on each page (interleaved, so a slow minute of the
 * machine does not land on one page only), then audits every load at the slowdown calibrated
 * to the median benchmarkIndex of the pass (one 1-second benchmark before each load is noisy
 * on a shared machine; the median over all of them is not), and at the default. Never throws:
 * a Lighthouse that cannot run here is an outcome to report.
 *
 * The loads are saved in a temporary folder, or in `keepLoadsIn` when given (each load's
 * trace.json is what the main thread did, unthrottled: open it in DevTools' Performance panel).
 */
export async function measureLighthouse(
  baseUrl: string,
  pages: readonly string[],
  runsPerPage: number,
  log: (line: string) => void,
  options: { selfSignedCertificate?: boolean; keepLoadsIn?: string } = {},
): Promise<LighthouseOutcome> {
  // chrome-launcher crashes the process (an unhandled spawn error) on a missing executable.
  if (!existsSync(CHROME_PATH))
    return { ok: false, error: `Chromium was not found at ${CHROME_PATH} (set CHROME_PATH)` };
  let chrome: LaunchedChrome | undefined;
  const loadsDir = options.keepLoadsIn ?? (await mkdtemp(join(tmpdir(), 'bench-lighthouse-')));
  try {
    // The loopback nginx's certificate is one the bench made: only then does Chromium accept it.
    const chromeFlags = options.selfSignedCertificate ? [...CHROME_FLAGS, '--ignore-certificate-errors'] : CHROME_FLAGS;
    chrome = await launch({ chromePath: CHROME_PATH, chromeFlags });
    const origin = new URL(baseUrl).origin;
    const collected: PageRuns[] = pages.map((page) => ({ page, results: [], failedRuns: [] }));
    // The first page load of a fresh Chromium pays for cold caches (code, fonts) that no later
    // run does: here it once scored 71 with a TBT of 1.8 s where the next runs of the same page
    // scored 95 and 98. One unrecorded run absorbs that.
    const first = pages[0];
    if (first !== undefined) {
      const started = Date.now();
      await gather(`${baseUrl}${first}`, chrome.port, join(loadsDir, 'warm-up')).catch(() => undefined);
      log(`lighthouse warm-up run (not recorded): ${seconds(started)}`);
    }
    const gathered: { entry: PageRuns; dir: string; run: number; benchmarkIndex: number }[] = [];
    for (let run = 1; run <= runsPerPage; run += 1) {
      for (const entry of collected) {
        const started = Date.now();
        const dir = join(loadsDir, loadFolder(entry.page, run));
        try {
          const benchmarkIndex = await gather(`${baseUrl}${entry.page}`, chrome.port, dir);
          gathered.push({ entry, dir, run, benchmarkIndex });
          log(
            `lighthouse ${entry.page} load ${run}/${runsPerPage}: ${seconds(started)} ` +
              `(benchmarkIndex ${Math.round(benchmarkIndex)})`,
          );
        } catch (error) {
          entry.failedRuns.push(error instanceof Error ? error.message : String(error));
          log(`lighthouse ${entry.page} load ${run}/${runsPerPage} failed: ${String(error)}`);
        }
      }
    }
    chrome.kill();
    const indices = gathered.map((load) => load.benchmarkIndex);
    const calibration: Calibration = {
      default: DEFAULT_CPU_SLOWDOWN,
      referenceBenchmarkIndex: REFERENCE_BENCHMARK_INDEX,
      benchmarkIndex: median(indices),
      benchmarkIndexRange: [Math.min(...indices), Math.max(...indices)],
      cpuSlowdown: calibratedCpuSlowdown(median(indices)),
    };
    const started = Date.now();
    let version = '';
    for (const { entry, dir, run } of gathered) {
      try {
        const calibrated = await auditAt(dir, calibration.cpuSlowdown);
        const atDefault = await auditAt(dir, DEFAULT_CPU_SLOWDOWN);
        version = calibrated.lighthouseVersion;
        entry.results.push({ lhr: calibrated, figures: figures(calibrated, atDefault, origin) });
      } catch (error) {
        entry.failedRuns.push(error instanceof Error ? error.message : String(error));
        log(`lighthouse ${entry.page} audit of load ${run} failed: ${String(error)}`);
      }
    }
    log(
      `lighthouse: audited ${gathered.length} loads at CPU ${calibration.cpuSlowdown.toFixed(1)}× ` +
        `(median benchmarkIndex ${Math.round(calibration.benchmarkIndex)}) and at ${DEFAULT_CPU_SLOWDOWN}×: ${seconds(started)}`,
    );
    if (collected.every((entry) => entry.results.length === 0)) {
      return { ok: false, error: `every Lighthouse run failed: ${collected[0]?.failedRuns[0] ?? 'no page given'}` };
    }
    return {
      ok: true,
      version,
      runsPerPage,
      calibration,
      pages: collected.filter((entry) => entry.results.length > 0).map(summarise),
      failedPages: collected
        .filter((entry) => entry.results.length === 0)
        .map((entry) => ({ page: entry.page, errors: entry.failedRuns })),
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    chrome?.kill();
    if (!options.keepLoadsIn) await rm(loadsDir, { recursive: true, force: true });
  }
}
