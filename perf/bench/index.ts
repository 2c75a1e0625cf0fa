/**
 * `npm run bench`: builds the site, starts the real server, measures (Lighthouse, bundles, load,
 * click to playing) and prints each figure beside its budget, also into perf/results/. It
 * measures without judging: the exit code is 1 only when something could not run.
 * BENCH_LIGHTHOUSE_LOADS=<folder> keeps what Lighthouse gathered on each load, its trace among it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureAudio } from './audio.ts';
import { EMBED_PAGE, measureBundles } from './bundles.ts';
import { CHROME_PATH } from '../../scripts/chromium.ts';
import { measureLighthouse, type LighthouseOutcome } from './lighthouse.ts';
import { measureLighthouseDeployed } from './lighthouse-deployed.ts';
import { measureContact, measureGraphql, measureStaticPage } from './load.ts';
import { describeMachine, sampleOthersCpuUse, startCpuMeter } from './machine.ts';
import { measurePlayback } from './playback.ts';
import { measureStudio } from './studio.ts';
import { measureBehindProxy } from './proxy.ts';
import { waitForRenditions } from '../harness/renditions-ready.ts';
import { buildRows, missedBudgets, notes, renderText, writeReport } from './report.ts';
import type { BenchResults } from './results.ts';
import { startProgress } from '../harness/progress.ts';
import { DEMO_SECONDS_PER_TRACK, startBenchServer, type BenchServer } from '../harness/server.ts';
import { generateDemoMedia } from '../../scripts/demo-media/generate.ts';

const DIST_DIR = 'dist';
const REPORT_DIR = 'perf/results';
/**
 * The pages with Lighthouse budgets: the home page in each language, the landing page, a release
 * page, the embeddable player, and (when the build had music) the first of the release's track pages.
 */
const BENCHED_RELEASE = '/en/music/cocktail-n1';
const LIGHTHOUSE_PAGES = ['/pt', '/en', '/es', '/en/spotify', BENCHED_RELEASE, EMBED_PAGE];

/** The first track page the build made for the benched release, or null when it had no music. */
function firstTrackPage(): string | null {
  const folder = join(DIST_DIR, BENCHED_RELEASE);
  const pages = existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.html'))
        .sort()
    : [];
  return pages[0] ? `${BENCHED_RELEASE}/${pages[0].replace(/\.html$/, '')}` : null;
}
const STATIC_PAGE = '/pt';

const { values: flags } = parseArgs({
  // For iterating (the numbers of docs/performance.md come from a plain run): --skip-build measures the
  // existing dist/; --quick makes 1 Lighthouse run per page, 3 s loads, 3 playback samples.
  options: { 'skip-build': { type: 'boolean', default: false }, quick: { type: 'boolean', default: false } },
});
const quick = flags.quick;
const plan = {
  lighthouseRuns: quick ? 1 : 3,
  loadSeconds: quick ? 3 : 10,
  warmUpSeconds: quick ? 1 : 2,
  playbackSamples: quick ? 3 : 10,
  throttledSamples: quick ? 1 : 3,
};

const progress = startProgress('bench');
const { log, durations } = progress;
const measure = progress.step;

/**
 * One Lighthouse pass over the pages, timed and logged like a step; its outcome is its own (a
 * Lighthouse that cannot run is reported, never thrown).
 */
async function lighthousePass(
  name: string,
  run: typeof measureLighthouse | typeof measureLighthouseDeployed,
  baseUrl: string,
  loadsFolder: string,
): Promise<LighthouseOutcome> {
  const started = Date.now();
  log(`${name}: ${LIGHTHOUSE_PAGES.length} pages × ${plan.lighthouseRuns} runs…`);
  const keepLoadsIn = process.env['BENCH_LIGHTHOUSE_LOADS'];
  const options = keepLoadsIn ? { keepLoadsIn: join(keepLoadsIn, loadsFolder) } : {};
  const outcome = await run(baseUrl, LIGHTHOUSE_PAGES, plan.lighthouseRuns, log, options);
  durations[name] = Math.round((Date.now() - started) / 100) / 10;
  if (!outcome.ok) log(`${name} could not run: ${outcome.error}`);
  return outcome;
}

const atStart = { loadAverage: loadavg()[0] ?? 0, before: await sampleOthersCpuUse() };
const cpuMeter = startCpuMeter();

// The demo music, in a folder of the bench's own: the build reads it for the release's track list
// and pages, and the server plays it.
const mediaDir = await mkdtemp(join(tmpdir(), 'bench-media-'));
process.once('exit', () => rmSync(mediaDir, { recursive: true, force: true }));
await generateDemoMedia(mediaDir, DEMO_SECONDS_PER_TRACK);

if (!flags['skip-build']) {
  log('npm run build (with the demo music)…');
  const started = Date.now();
  // The build's own output goes to stderr with the progress lines, so stdout holds only the table.
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 2, 2],
    env: { ...process.env, MEDIA_DIR: mediaDir },
  });
  durations['build'] = Math.round((Date.now() - started) / 100) / 10;
  if (build.status !== 0) {
    console.error('npm run build failed; nothing was measured.');
    process.exit(1);
  }
}

const trackPage = firstTrackPage();
if (trackPage) LIGHTHOUSE_PAGES.push(trackPage);
else log(`no track page in ${DIST_DIR}${BENCHED_RELEASE}/ (a build without music): none is measured`);

const bundles = await measure('bundles', () => measureBundles(DIST_DIR, LIGHTHOUSE_PAGES));
// Before the server starts: its build of a copy of the site is the heaviest thing it measures.
const studio = await measure('studio', () => measureStudio(DIST_DIR));

let server: BenchServer;
try {
  log('starting the server (demo music, temporary data folder)…');
  server = await startBenchServer(DIST_DIR, { mediaDir });
  log(`server at ${server.url}; waiting for it to make the demo set's renditions…`);
  // Measured while ffmpeg runs, every figure would measure ffmpeg too.
  await waitForRenditions(server.url);
} catch (error) {
  console.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let results: BenchResults;
try {
  // Lighthouse and the browser first, on a quiet server; the load tests last, as the contact
  // run leaves the outbox delivering thousands of messages.
  const lighthouse = await lighthousePass('lighthouse', measureLighthouse, server.url, 'direct');
  const lighthouseDeployed = await lighthousePass(
    'lighthouse through nginx (TLS, HTTP/2)',
    measureLighthouseDeployed,
    server.url,
    'nginx',
  );

  const playback = await measure('playback', () => measurePlayback(server.url, plan.playbackSamples));
  const audio = await measure('audio', () => measureAudio(DIST_DIR, server.url, plan.throttledSamples, log));
  const graphql = await measure('graphql', () => measureGraphql(server.url, plan.loadSeconds, plan.warmUpSeconds));
  const staticHtml = await measure('static html', () =>
    measureStaticPage(server.url, STATIC_PAGE, plan.loadSeconds, plan.warmUpSeconds),
  );
  const proxy = await measure('behind nginx', () => measureBehindProxy(server.url, plan.loadSeconds));
  if (proxy.ok && 'skipped' in proxy.value) log(`behind nginx: skipped, ${proxy.value.skipped}`);
  const contact = await measure('contact', () => measureContact(server.url, server.dataDir, plan.loadSeconds));

  results = {
    date: new Date().toISOString(),
    machine: describeMachine(CHROME_PATH, atStart, cpuMeter()),
    options: { quick, build: !flags['skip-build'] },
    durations,
    lighthouse,
    lighthouseDeployed,
    bundles,
    graphql,
    staticHtml,
    contact,
    proxy,
    playback,
    audio,
    studio,
  };
} finally {
  log('stopping the server…');
  await server.stop();
}

durations['total'] = progress.seconds();
const rows = buildRows(results);
console.log(`\n${renderText(rows)}\n`);
for (const line of notes(results)) console.log(`- ${line}`);
const missed = missedBudgets(rows);
console.log(missed.length === 0 ? '\nEvery budget is met.' : `\n${missed.length} budget(s) missed (see above).`);
await writeReport(REPORT_DIR, results, rows);
console.log(`\nWrote ${REPORT_DIR}/results.json and ${REPORT_DIR}/summary.md in ${progress.elapsed()}.`);

const failedToRun = [
  bundles,
  results.playback,
  results.graphql,
  results.staticHtml,
  results.contact,
  results.proxy,
  results.audio,
  results.studio,
].some((outcome) => !outcome.ok);
process.exit(failedToRun ? 1 : 0);
