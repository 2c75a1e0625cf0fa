/**
 * Turns the results into one table, each figure beside its budget, the old site's figure and a
 * pass/fail mark, printed as text and written as Markdown (perf/results/summary.md) next to the
 * full results (perf/results/results.json). It marks; it never decides the exit code.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUDGETS, meets, type Budget } from './budgets.ts';
import { javascriptBudget, type PageBundles } from './bundles.ts';
import * as format from './format.ts';
import { isEmbedPath } from '../../src/lib/embeds.ts';
import { FIRST_SECONDS, type Calibration, type PageLighthouse } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { BenchResults, Outcome } from './results.ts';

export type Mark = 'pass' | 'fail' | 'none' | 'not run';

export type Row =
  | { kind: 'section'; title: string }
  | { kind: 'figure'; measure: string; figure: string; budget: string; old: string; mark: Mark; note?: string };

const MARK_TEXT: Record<Mark, string> = { pass: '✓', fail: '✗', none: '–', 'not run': '!' };

/** What a figure is held to, as the table shows it: a budget of DESIGN.md, or a plain rule (`0`). */
type Target = Pick<Budget, 'label' | 'old'>;

function figureRow(measure: string, figure: string, budget?: Target, pass?: boolean, note?: string): Row {
  const row: Row = {
    kind: 'figure',
    measure,
    figure,
    budget: budget?.label ?? '–',
    old: budget?.old ?? '–',
    mark: pass === undefined ? 'none' : pass ? 'pass' : 'fail',
  };
  if (note) row.note = note;
  return row;
}

const notRun = (measure: string, error: string): Row => ({
  kind: 'figure',
  measure,
  figure: `could not run: ${error}`,
  budget: '–',
  old: '–',
  mark: 'not run',
});

/** `/en/spotify` → `en/spotify`: short enough to list four pages in one cell. */
const short = (page: string) => page.replace(/^\//, '');

/** One row for a figure measured on several pages, failing if any page misses the budget. */
function perPage<T extends { page: string }>(
  measure: string,
  items: readonly T[],
  value: (item: T) => number,
  show: (value: number) => string,
  budget?: Budget,
): Row {
  const figure = items.map((item) => `${short(item.page)} ${show(value(item))}`).join(' · ');
  if (!budget) return figureRow(measure, figure);
  const failing = items.filter((item) => !meets(value(item), budget)).map((item) => short(item.page));
  return figureRow(measure, figure, budget, failing.length === 0, failing.length > 0 ? failing.join(', ') : undefined);
}

/** First and largest paint, blocking time and layout shift, on each page. */
function paintRows(pages: readonly PageLighthouse[]): Row[] {
  return [
    perPage('FCP', pages, (page) => page.metrics.fcp, format.ms),
    perPage('LCP', pages, (page) => page.metrics.lcp, format.ms, BUDGETS.lcp),
    perPage('TBT', pages, (page) => page.metrics.tbt, format.ms, BUDGETS.tbt),
    perPage(
      'CLS',
      pages,
      (page) => page.metrics.cls,
      (value) => value.toFixed(3),
      BUDGETS.cls,
    ),
  ];
}

/** The scripts each page's load fetched in its first seconds, after-paint ones included. */
const firstSecondsJavascriptRow = (pages: readonly PageLighthouse[]): Row =>
  perPage(
    `JS transferred in the first ${FIRST_SECONDS} s`,
    pages,
    (page) => page.bytes.jsFirstSeconds,
    format.bytes,
    BUDGETS.firstSecondsJavascript,
  );

/** The same loads simulated at Lighthouse's default slowdown, as an uncalibrated run reports them. */
function defaultSlowdownRows(pages: readonly PageLighthouse[], calibration: Calibration): Row[] {
  const at = `at the default ${calibration.default}×`;
  return [
    perPage(`Performance ${at}`, pages, (page) => page.atDefaultSlowdown.scores.performance, String),
    perPage(`LCP ${at}`, pages, (page) => page.atDefaultSlowdown.metrics.lcp, format.ms),
    perPage(`TBT ${at}`, pages, (page) => page.atDefaultSlowdown.metrics.tbt, format.ms),
  ];
}

/** The slowdown of a pass, for its title. */
const slowdownTitle = (calibration: Calibration) =>
  `CPU ${calibration.cpuSlowdown.toFixed(1)}× (calibrated to benchmarkIndex ${Math.round(calibration.benchmarkIndex)})`;

function lighthouseRows(results: BenchResults): Row[] {
  const outcome = results.lighthouse;
  if (!outcome.ok) return [{ kind: 'section', title: 'Lighthouse mobile' }, notRun('Lighthouse', outcome.error)];
  const pages = outcome.pages;
  const rows: Row[] = [
    {
      kind: 'section',
      title:
        `Lighthouse ${outcome.version} mobile, simulated throttling, ${slowdownTitle(outcome.calibration)} ` +
        `(median of ${outcome.runsPerPage} runs)`,
    },
    perPage('Performance', pages, (page) => page.scores.performance, String, BUDGETS.performance),
    perPage('Accessibility', pages, (page) => page.scores.accessibility, String, BUDGETS.accessibility),
    perPage('Best practices', pages, (page) => page.scores.bestPractices, String, BUDGETS.bestPractices),
    // The embeddable player asks not to be indexed (it is a frame for other sites), which
    // Lighthouse's SEO audit counts against it: the budget holds the pages meant for search.
    perPage(
      'SEO (pages meant for search)',
      pages.filter((page) => !isEmbedPath(page.page)),
      (page) => page.scores.seo,
      String,
      BUDGETS.seo,
    ),
    ...paintRows(pages),
    perPage('Speed Index', pages, (page) => page.metrics.speedIndex, format.ms),
    firstSecondsJavascriptRow(pages),
    ...defaultSlowdownRows(pages, outcome.calibration),
  ];
  rows.push(renderBlockingRow(pages));
  for (const page of pages) rows.push(...transferRows(page));
  for (const failed of outcome.failedPages)
    rows.push(notRun(`Lighthouse ${failed.page}`, failed.errors[0] ?? 'failed'));
  return rows;
}

/** The same pages through the reference nginx (TLS, HTTP/2): the scores and paints only. */
function deployedLighthouseRows(results: BenchResults): Row[] {
  const outcome = results.lighthouseDeployed;
  const title = 'Lighthouse mobile through the reference nginx (TLS, HTTP/2), as visitors get the pages';
  if (!outcome.ok) return [{ kind: 'section', title }, notRun('Lighthouse through nginx', outcome.error)];
  const pages = outcome.pages;
  const rows: Row[] = [
    {
      kind: 'section',
      title: `${title}, ${slowdownTitle(outcome.calibration)} (median of ${outcome.runsPerPage} runs)`,
    },
    perPage('Performance', pages, (page) => page.scores.performance, String, BUDGETS.performance),
    ...paintRows(pages),
    firstSecondsJavascriptRow(pages),
    ...defaultSlowdownRows(pages, outcome.calibration),
  ];
  for (const failed of outcome.failedPages)
    rows.push(notRun(`Lighthouse through nginx ${failed.page}`, failed.errors[0] ?? 'failed'));
  return rows;
}

/** Bytes on the wire (Lighthouse) for one page: the total against the budget, then by type. */
function transferRows(page: PageLighthouse): Row[] {
  const { bytes, external } = page;
  const byType = [
    `doc ${format.bytes(bytes.document)}`,
    `CSS ${format.bytes(bytes.css)}`,
    `JS ${format.bytes(bytes.js)}`,
    `img ${format.bytes(bytes.images)}`,
    `font ${format.bytes(bytes.fonts)}`,
    `audio ${format.bytes(bytes.audio)}`,
  ];
  if (bytes.other > 0) byType.push(`other ${format.bytes(bytes.other)}`);
  const outside = external.requests > 0 ? ` (+${external.requests} to ${external.hosts.join(', ')}, unreachable)` : '';
  return [
    figureRow(
      `Transferred ${page.page}`,
      `${format.bytes(bytes.total)}, ${page.requests} requests${outside}`,
      BUDGETS.firstLoadBytes,
      meets(bytes.total, BUDGETS.firstLoadBytes),
    ),
    figureRow('  by type', byType.join(' · ')),
  ];
}

/** Lighthouse's render-blocking requests: the design allows one small stylesheet at most. */
function renderBlockingRow(pages: readonly PageLighthouse[]): Row {
  const blocking = (page: PageLighthouse) => page.diagnostics?.renderBlocking ?? [];
  const figure = pages
    .map((page) => {
      const names = blocking(page).map(
        (item) => `${item.url.split('/').pop() ?? item.url} ${format.bytes(item.bytes)}`,
      );
      return `${short(page.page)} ${names.length === 0 ? 'none' : names.join(', ')}`;
    })
    .join(' · ');
  const failing = pages
    .filter((page) => blocking(page).length > 1 || blocking(page).some((item) => !/\.css(\?|$)/.test(item.url)))
    .map((page) => short(page.page));
  return figureRow(
    'Render-blocking requests',
    figure,
    { label: '≤ 1 small CSS' },
    failing.length === 0,
    failing.length > 0 ? failing.join(', ') : undefined,
  );
}

/** Pages whose first load is made of the same files share one breakdown. */
function distinctBundles(pages: readonly PageBundles[]): { first: PageBundles; same: string[] }[] {
  const key = (page: PageBundles) =>
    page.assets
      .map((asset) => asset.path)
      .sort()
      .join('|');
  const groups: { key: string; first: PageBundles; same: string[] }[] = [];
  for (const page of pages) {
    const found = groups.find((group) => group.key === key(page));
    if (found) found.same.push(page.page);
    else groups.push({ key: key(page), first: page, same: [] });
  }
  return groups;
}

function bundleRows(outcome: Outcome<PageBundles[]>): Row[] {
  const title = 'Bundles in dist/: first load (HTML, its scripts, islands, stylesheets, images, static imports)';
  if (!outcome.ok) return [{ kind: 'section', title }, notRun('Bundles', outcome.error)];
  const rows: Row[] = [{ kind: 'section', title }];
  for (const page of outcome.value) {
    const { javascript, total } = page.totals;
    rows.push(
      figureRow(
        `First-load JS ${page.page}`,
        format.sizes(javascript),
        javascriptBudget(page.page),
        meets(javascript.gzip, javascriptBudget(page.page)),
      ),
      figureRow(
        `First-load total ${page.page}`,
        `${format.sizes(total)}${page.external > 0 ? ` (+${page.external} on other hosts, not counted)` : ''}`,
        { ...BUDGETS.firstLoadBytes, label: `${BUDGETS.firstLoadBytes.label} gzip` },
        meets(total.gzip, BUDGETS.firstLoadBytes),
      ),
    );
  }
  for (const { first, same } of distinctBundles(outcome.value)) {
    const also = same.length > 0 ? ` (same files on ${same.join(', ')})` : '';
    rows.push({ kind: 'section', title: `JS and CSS of ${first.page} by island${also}` });
    rows.push(figureRow('  HTML (inline scripts included)', format.sizes(first.document)));
    for (const group of first.groups) rows.push(figureRow(`  ${group.label}`, format.sizes(group.sizes)));
  }
  return rows;
}

function loadRows(name: string, outcome: Outcome<LoadResult>, budgets: { rate?: Budget; p99?: Budget } = {}): Row[] {
  if (!outcome.ok) return [notRun(name, outcome.error)];
  const result = outcome.value;
  return [
    figureRow(
      `${name}: throughput`,
      `${format.count(result.requestsPerSecond)} req/s`,
      budgets.rate,
      budgets.rate ? meets(result.requestsPerSecond, budgets.rate) : undefined,
    ),
    figureRow(
      `${name}: p50 / p99`,
      `${format.ms(result.p50)} / ${format.ms(result.p99)}`,
      budgets.p99 && { ...budgets.p99, label: `p99 ${budgets.p99.label}` },
      budgets.p99 ? meets(result.p99, budgets.p99) : undefined,
    ),
    figureRow(
      `${name}: errors`,
      `${format.count(result.errors)} of ${format.count(result.responses)} responses`,
      { label: '0' },
      result.errors === 0,
    ),
  ];
}

function serverRows(results: BenchResults): Row[] {
  const seconds = results.graphql.ok ? results.graphql.value.seconds : undefined;
  const rows: Row[] = [
    { kind: 'section', title: `Server under load (autocannon, 50 connections${seconds ? `, ${seconds} s` : ''})` },
    ...loadRows('GraphQL playlist', results.graphql, {
      rate: BUDGETS.graphqlRequestsPerSecond,
      p99: BUDGETS.graphqlP99,
    }),
    ...loadRows(results.staticHtml.ok ? results.staticHtml.value.name : 'Static HTML', results.staticHtml),
    ...loadRows('Contact', results.contact),
  ];
  if (results.contact.ok) {
    const contact = results.contact.value;
    const cutOff =
      contact.cutOffInFlight > 0 ? ` + ${format.count(contact.cutOffInFlight)} cut off in flight at the end` : '';
    rows.push(
      figureRow(
        'Contact: acknowledged vs stored',
        `${format.count(contact.acknowledged)} answered 202 · ${format.count(contact.stored)} rows = ` +
          `${format.count(contact.acknowledged - contact.missing)}${cutOff} · ${format.count(contact.missing)} missing`,
        { label: 'every 202 stored' },
        contact.missing === 0 && contact.unexplained === 0,
      ),
    );
  }
  return rows;
}

/** The reference nginx's goal: under 1 % of the requests reach the server behind its cache. */
const ORIGIN_SHARE_GOAL = 0.01;

function proxyRows(results: BenchResults): Row[] {
  const outcome = results.proxy;
  const title = 'Behind the reference nginx (deploy/nginx/site.conf, cold cache, 50 connections)';
  if (!outcome.ok) return [{ kind: 'section', title }, notRun('Behind nginx', outcome.error)];
  const result = outcome.value;
  if ('skipped' in result) {
    return [
      { kind: 'section', title },
      {
        kind: 'figure',
        measure: 'Behind nginx',
        figure: `skipped: ${result.skipped}`,
        budget: '–',
        old: '–',
        mark: 'not run',
      },
    ];
  }
  const rows: Row[] = [
    {
      kind: 'section',
      title: `Behind the reference nginx ${result.nginx} (deploy/nginx/site.conf, ${result.workers} worker, cold cache, 50 connections, ${result.runs[0]?.seconds ?? 0} s)`,
    },
  ];
  for (const run of result.runs) {
    rows.push(
      figureRow(
        `${run.name}: reached the server`,
        `${(run.originShare * 100).toFixed(3)} % (${format.count(run.originRequests)} of ${format.count(run.responses)})`,
        { label: '< 1 %' },
        run.originShare < ORIGIN_SHARE_GOAL,
      ),
      figureRow(
        `${run.name}: throughput · p50 / p99`,
        `${format.count(run.requestsPerSecond)} req/s · ${format.ms(run.p50)} / ${format.ms(run.p99)}`,
      ),
      figureRow(
        `${run.name}: errors`,
        `${format.count(run.errors)} of ${format.count(run.responses)} responses`,
        { label: '0' },
        run.errors === 0,
      ),
    );
  }
  return rows;
}

function playbackRows(results: BenchResults): Row[] {
  const outcome = results.playback;
  if (!outcome.ok) return [{ kind: 'section', title: 'Click to playing' }, notRun('Click to playing', outcome.error)];
  const result = outcome.value;
  /** `286 ms (216 ms – 305 ms)`: the median, then the fastest and slowest sample. */
  const spread = (middle: number, values: (number | null)[]) => {
    const measured = values.filter((value): value is number => value !== null);
    const failed = values.length - measured.length;
    const range =
      measured.length > 0 ? `${format.ms(Math.min(...measured))} – ${format.ms(Math.max(...measured))}` : '';
    return `${format.ms(middle)} (${range}${failed > 0 ? `; ${failed} never played` : ''})`;
  };
  return [
    { kind: 'section', title: `Click to playing (Chromium, ${result.page}, median of ${result.samples} fresh pages)` },
    figureRow(
      'Hero key → playing',
      spread(result.heroKeyMedian, result.heroKey),
      BUDGETS.clickToPlaying,
      meets(result.heroKeyMedian, BUDGETS.clickToPlaying),
    ),
    figureRow('Next track → playing', spread(result.nextTrackMedian, result.nextTrack)),
  ];
}

/** The loudness goal of the renditions: −14 ± 1 LUFS where the peak allows, true peak ≤ −1 dBTP. */
const LOUDNESS_GOAL = { label: '−14 ± 1 LUFS' };
const TRUE_PEAK_GOAL = { label: '≤ −1.0 dBTP' };

function audioRows(results: BenchResults): Row[] {
  const outcome = results.audio;
  if (!outcome.ok) return [{ kind: 'section', title: 'Audio' }, notRun('Audio', outcome.error)];
  const audio = outcome.value;
  const minutes = audio.masterSeconds / 60;
  const master = audio.files[0]?.bytes ?? 0;
  const rows: Row[] = [
    { kind: 'section', title: `Audio: one ${minutes}-minute master (44.1 kHz, 16-bit stereo) to the listener` },
    ...audio.files.map((file) =>
      figureRow(
        `Bytes per song: ${file.name}`,
        `${format.bytes(file.bytes)} (${((file.bytes * 8) / audio.masterSeconds / 1000).toFixed(0)} kbit/s${
          file.bytes < master ? `, ${(master / file.bytes).toFixed(0)}× lighter than the WAV` : ''
        })`,
      ),
    ),
    ...Object.entries(audio.renderSeconds).map(([name, seconds]) =>
      figureRow(`Time to render one song from ${name} (measure, waveform, Opus, AAC)`, format.ms(seconds * 1000)),
    ),
  ];
  const network = `${audio.network.downloadKbps / 1000} Mbit/s, ${audio.network.latencyMs} ms`;
  for (const { name, playback } of audio.clickToPlaying) {
    const played = playback.source.includes('/renditions/')
      ? ` (${playback.source.endsWith('.webm') ? 'Opus' : 'AAC'})`
      : '';
    const samples = playback.heroKey.map((value) => format.ms(value)).join(', ');
    rows.push(
      figureRow(`Click to playing on ${network}: ${name}${played}`, `${format.ms(playback.median)} (${samples})`),
    );
  }
  const matched = audio.demoLoudness.filter((item) => !item.peakLimited);
  const limited = audio.demoLoudness.filter((item) => item.peakLimited);
  const range = (values: number[]) =>
    values.length === 0 ? 'none' : `${Math.min(...values).toFixed(1)} to ${Math.max(...values).toFixed(1)}`;
  const integrated = matched.map((item) => item.integrated);
  const peaks = audio.demoLoudness.map((item) => item.truePeak);
  rows.push(
    figureRow(
      `Demo set renditions where the peak allows (${matched.length} of ${audio.demoLoudness.length})`,
      `${range(integrated)} LUFS`,
      LOUDNESS_GOAL,
      integrated.every((value) => Math.abs(value + 14) <= 1),
    ),
    figureRow(
      `Demo set renditions held by their peak (${limited.length})`,
      `${range(limited.map((item) => item.integrated))} LUFS`,
    ),
    figureRow(
      'Demo set renditions: true peak',
      `${range(peaks)} dBTP`,
      TRUE_PEAK_GOAL,
      peaks.every((value) => value <= -1 + 0.05),
    ),
  );
  return rows;
}

/** Every row of the table, in reading order. */
function studioRows(results: BenchResults): Row[] {
  const section: Row = { kind: 'section', title: 'The artist’s studio, on his phone' };
  const outcome = results.studio;
  if (!outcome.ok) return [section, notRun('Studio', outcome.error)];
  const studio = outcome.value;
  const { bytes, ms } = format;
  const budgeted: [measure: string, value: number, budget: Budget, shown: (value: number) => string][] = [
    ['Sign-in page, transferred (390 px, empty cache)', studio.shellBytes, BUDGETS.studioShellBytes, bytes],
    ['Editor signed in, first visit, transferred', studio.editorFirstBytes, BUDGETS.studioEditorFirstBytes, bytes],
    ['Editor again after a reload, transferred', studio.editorSecondBytes, BUDGETS.studioEditorSecondBytes, bytes],
    ['Editor’s list usable, slow 4G, 4× CPU (median of 3)', studio.usableMs, BUDGETS.studioUsableMs, ms],
  ];
  return [
    section,
    ...budgeted.map(([measure, value, budget, shown]) =>
      figureRow(measure, shown(value), budget, meets(value, budget)),
    ),
    figureRow('From a save to the published page (the real build)', format.ms(studio.saveToPublishedMs)),
  ];
}

export function buildRows(results: BenchResults): Row[] {
  return [
    ...lighthouseRows(results),
    ...deployedLighthouseRows(results),
    ...bundleRows(results.bundles),
    ...serverRows(results),
    ...proxyRows(results),
    ...playbackRows(results),
    ...audioRows(results),
    ...studioRows(results),
  ];
}

const HEADINGS = ['Measure', 'Figure', 'Budget', 'Old site', ''];

function cells(row: Extract<Row, { kind: 'figure' }>): string[] {
  const mark = MARK_TEXT[row.mark] + (row.note ? ` ${row.note}` : '');
  return [row.measure, row.figure, row.budget, row.old, mark];
}

/** The table as plain text for the terminal. */
export function renderText(rows: readonly Row[]): string {
  const figures = rows.filter((row) => row.kind === 'figure').map(cells);
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...figures.map((line) => (line[column] ?? '').length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = '-'.repeat(widths.reduce((sum, width) => sum + width + 2, -2));
  const out = [line(HEADINGS), rule];
  for (const row of rows) out.push(row.kind === 'section' ? `\n${row.title}` : line(cells(row)));
  return out.join('\n');
}

const escapeCell = (value: string) => value.replaceAll('|', '\\|');

/** The table in Markdown, sections as bold rows. */
export function renderMarkdownTable(rows: readonly Row[]): string {
  const out = [`| ${HEADINGS.join(' | ')} |`, `| ${HEADINGS.map(() => '---').join(' | ')} |`];
  for (const row of rows) {
    out.push(
      row.kind === 'section'
        ? `| **${escapeCell(row.title)}** | | | | |`
        : `| ${cells(row).map(escapeCell).join(' | ')} |`,
    );
  }
  return out.join('\n');
}

/** The marks that failed, for the closing lines. */
export function missedBudgets(rows: readonly Row[]): string[] {
  return rows.flatMap((row) =>
    row.kind === 'figure' && row.mark === 'fail' ? [`${row.measure}: ${row.figure} (budget ${row.budget})`] : [],
  );
}

/** More CPU than this used by others (or stolen) makes the figures unreliable. */
const BUSY = 0.1;
const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

/** How the CPU slowdown was chosen, from the direct pass. */
function calibrationNote(calibration: Calibration): string {
  const { benchmarkIndex, benchmarkIndexRange, referenceBenchmarkIndex, cpuSlowdown } = calibration;
  const [low, high] = benchmarkIndexRange.map(Math.round);
  return (
    `Lighthouse benchmarkIndex of this machine: median ${Math.round(benchmarkIndex)} (${low}–${high} over the ` +
    `loads). Lighthouse's simulation multiplies this machine's CPU time by the slowdown: ${calibration.default}× ` +
    `is meant for a benchmarkIndex of ${referenceBenchmarkIndex}, so the figures above are simulated at ` +
    `${calibration.default}× × ${Math.round(benchmarkIndex)} / ${referenceBenchmarkIndex} = ${cpuSlowdown.toFixed(1)}×, ` +
    `what that machine reports at ${calibration.default}×. The rows "at the default ${calibration.default}×" are ` +
    'the same loads simulated as an uncalibrated run does here.'
  );
}

/** Notes that belong under the table: how the figures were taken and what they leave out. */
export function notes(results: BenchResults): string[] {
  const { machine } = results;
  const out = [
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGB} GB, ${machine.os}; Node ${machine.node}; ${machine.chromium}.`,
    `Load average (1 min) at start ${machine.loadAverage.start.toFixed(2)}, at end ${machine.loadAverage.end.toFixed(2)}` +
      (machine.before ? `; CPU in use by others in the second before the start ${percent(machine.before.busy)}` : '') +
      (machine.during ? `; CPU steal during the run ${percent(machine.during.steal)}` : '') +
      '.',
  ];
  if (machine.before && machine.before.busy > BUSY) {
    out.push('The machine was busy when the benchmark started: every figure is lower than on a quiet machine.');
  }
  if (machine.during && machine.during.steal > BUSY) {
    out.push('The hypervisor took a large share of the CPU during the run: every figure is lower than it should be.');
  }
  if (results.lighthouse.ok) {
    const external = results.lighthouse.pages.filter((page) => page.external.requests > 0);
    if (external.length > 0) {
      const hosts = [...new Set(external.flatMap((page) => page.external.hosts))];
      out.push(
        `External hosts are unreachable here: ${hosts.join(', ')}. Lighthouse's requests to ` +
          'them are counted apart, not in the bytes or request counts above.',
      );
      const costly = results.lighthouse.pages.filter((page) =>
        page.lostPoints.some((lost) => lost.id === 'errors-in-console'),
      );
      const onlyExternal = costly.every((page) =>
        (page.diagnostics?.consoleErrors ?? []).every((error) => hosts.some((host) => error.includes(host))),
      );
      if (costly.length > 0 && onlyExternal) {
        out.push(
          `Best practices on ${costly.map((page) => page.page).join(', ')} lost points for console errors, all ` +
            'of them these failed outside requests: an artefact of the closed network, not of the site.',
        );
      }
    }
    out.push(calibrationNote(results.lighthouse.calibration));
  }
  out.push(
    'Bundle sizes are the files of dist/ and their precompressed .gz/.br variants (files under 512 bytes are ' +
      'sent as they are); Lighthouse figures are bytes on the wire, headers included. 1 KB = 1000 bytes.',
  );
  if (results.contact.ok && results.contact.value.cutOffInFlight > 0) {
    out.push(
      'Contact: autocannon closes its connections when the time is up, one request in flight on each; the ' +
        'server stores those messages but their 202 is never read, so the database holds a few more rows ' +
        'than 202s were counted. Every acknowledged message is matched by its number.',
    );
  }
  return out;
}

/** The short Markdown summary. */
export function renderSummary(results: BenchResults, rows: readonly Row[]): string {
  const missed = missedBudgets(rows);
  return [
    '# Benchmark summary',
    '',
    `Run ${results.date}${results.options.quick ? ' (quick mode: fewer runs, shorter loads)' : ''}. ` +
      `Written by \`npm run bench\`; the full figures are in results.json.`,
    '',
    renderMarkdownTable(rows),
    '',
    missed.length === 0 ? 'Every budget is met.' : `Budgets missed:\n\n${missed.map((line) => `- ${line}`).join('\n')}`,
    '',
    ...notes(results).map((line) => `- ${line}`),
    '',
  ].join('\n');
}

/** Writes perf/results/results.json and perf/results/summary.md. */
export async function writeReport(dir: string, results: BenchResults, rows: readonly Row[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'results.json'), `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
  await writeFile(join(dir, 'summary.md'), renderSummary(results, rows));
}
