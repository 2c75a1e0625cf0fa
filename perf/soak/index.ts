/**
 * `npm run soak`: the real server under load, faults and hostile input, every figure printed
 * beside what it must be (and written to perf/results/soak.json); exits 1 when a must-hold
 * invariant fails (a message lost or sent twice, a 5xx on hostile input, a crash, a count stored
 * for a key the site does not define).
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SoakContext } from './context.ts';
import { eventsUnderLoad } from './events.ts';
import { killAndRestart, mediaFaults, readOnlyDataFolder, smtpOutage } from './faults.ts';
import { graphqlMemory } from './graphql-memory.ts';
import { REAL_GRAPHQL_RATE_LIMIT } from './graphql-hostile.ts';
import { runHeaders } from './headers.ts';
import { runHostile, SOAK_REQUEST_TIMEOUT_MS } from './hostile.ts';
import { LOAD_SECONDS, runLoad } from './load.ts';
import { makeMediaTemplate } from './media.ts';
import { brokenInvariants, judged, renderTable, reported, writeSoakReport, type Row } from './report.ts';
import { twoInstances } from './instances.ts';
import { defaultLimitsEnv, runKnownAttacks } from './repros.ts';
import { withScenarioServer } from './scenario-server.ts';
import { crashes } from './server.ts';
import { startProgress } from '../harness/progress.ts';

const DIST_DIR = resolve('dist');
const REPORT_DIR = 'perf/results';

const { values: flags } = parseArgs({
  // --seed N: the hostile cases' seed (the table names the one used); --quick: a 10 s load
  // instead of 60 s, while working on the soak itself.
  options: { seed: { type: 'string', default: '2024' }, quick: { type: 'boolean', default: false } },
});
const seed = Number(flags.seed);

const progress = startProgress('soak');
const { log, elapsed, durations } = progress;

if (!existsSync(join(DIST_DIR, 'pt.html'))) {
  console.error('There is no built site in dist/: run `npm run build` first.');
  process.exit(1);
}

const root = await mkdtemp(join(tmpdir(), 'soak-'));
// Readable by the unprivileged user the read-only scenario runs its server as.
await chmod(root, 0o755);
await mkdir(REPORT_DIR, { recursive: true });
const logFile = resolve(REPORT_DIR, 'soak-server.log');
await writeFile(logFile, '');
const context: SoakContext = { distDir: DIST_DIR, root, mediaTemplate: await makeMediaTemplate(root), logFile, log };
const secretPaths = [root, process.cwd()];

const rows: Row[] = [];
const figures: Record<string, unknown> = {};

/** Runs one scenario; one that cannot run is a failed invariant, and the others still run. */
async function scenario(name: string, run: () => Promise<Row[]>): Promise<void> {
  const outcome = await progress.step(name, run);
  rows.push(...(outcome.ok ? outcome.value : [judged(name, 'could not run', outcome.error, 'runs', false)]));
}

try {
  await scenario('Load', () =>
    withScenarioServer(context, 'Load', {}, async ({ server, peer }) => {
      const load = await runLoad(server, peer, log, flags.quick ? 10 : LOAD_SECONDS);
      figures['load'] = load;
      const s = 'Load';
      return [
        reported(s, 'clients × seconds', `${load.connections} × ${load.seconds} s`),
        reported(
          s,
          'requests served',
          `${load.requests.toLocaleString('en')} (${Math.round(load.requestsPerSecond).toLocaleString('en')} req/s)`,
        ),
        judged(
          s,
          'error rate',
          `${(load.errorRate * 100).toFixed(2)} % (${load.errors})`,
          '0 %',
          load.errors === 0,
          false,
        ),
        judged(
          s,
          'latency p50 · p99 · max',
          `${load.p50Ms} · ${load.p99Ms} · ${load.maxMs} ms`,
          'p99 < 500 ms',
          load.p99Ms < 500,
          false,
        ),
        reported(s, 'server peak memory (RSS)', `${Math.round(load.peakRssMb)} MB`),
        reported(s, 'contact messages acknowledged', load.acknowledged),
        judged(s, 'acknowledged messages lost', load.lost, '0', load.lost === 0),
        judged(
          s,
          'undelivered after the load',
          `${load.delivery.undelivered} (${load.drained ? 'all delivered' : 'still waiting'} ${load.drainSeconds.toFixed(0)} s after)`,
          '0',
          load.drained && load.delivery.undelivered === 0,
        ),
        judged(s, 'mails delivered twice', load.delivery.duplicates, '0', load.delivery.duplicates === 0),
        judged(s, 'mails that match no message', load.delivery.unexplained, '0', load.delivery.unexplained === 0),
      ];
    }),
  );

  await scenario('Faults: SMTP', () => smtpOutage(context));
  await scenario('Faults: SIGKILL', () => killAndRestart(context));
  await scenario('Faults: audio files', () => mediaFaults(context));
  await scenario('Faults: read-only data', () => readOnlyDataFolder(context));
  await scenario('Two instances', () => twoInstances(context));
  await scenario('GraphQL memory', async () => {
    const memory = await graphqlMemory(context);
    figures['graphqlMemory'] = memory.figures;
    return memory.rows;
  });

  await scenario('Events', () => eventsUnderLoad(context, seed));

  // The real limits, behind a proxy (this process), with a short request time limit.
  const hostileLimits = {
    CONTACT_RATE_LIMIT: '5',
    CONTACT_NETWORK_LIMIT: '100000',
    CONTACT_GLOBAL_LIMIT: '100000',
    GRAPHQL_RATE_LIMIT: String(REAL_GRAPHQL_RATE_LIMIT),
    TRUST_PROXY: 'true',
    REQUEST_TIMEOUT_MS: String(SOAK_REQUEST_TIMEOUT_MS),
  };
  await withScenarioServer(context, 'Hostile input', hostileLimits, async ({ server: hostileServer, peer }) => {
    await scenario('Hostile input', async () => {
      const hostile = await runHostile(hostileServer, peer, seed, secretPaths, log);
      figures['hostile'] = hostile.figures;
      return hostile.rows;
    });
    await scenario('Headers', async () => {
      const headers = await runHeaders(hostileServer.url, secretPaths);
      figures['headers'] = { checked: headers.checked };
      return headers.rows;
    });
  });

  await scenario('Known attacks', () =>
    withScenarioServer(
      context,
      'Known attacks',
      { ...defaultLimitsEnv(), TRUST_PROXY: 'true' },
      ({ server, peer, dataDir }) => runKnownAttacks(server, peer, dataDir),
    ),
  );
} finally {
  await rm(root, { recursive: true, force: true });
}

rows.push(
  judged(
    'All',
    'server crashes (unexpected exits)',
    crashes.length === 0 ? 0 : JSON.stringify(crashes),
    '0',
    crashes.length === 0,
  ),
);
durations['total'] = progress.seconds();

console.log(`\n${renderTable(rows)}\n`);
const broken = brokenInvariants(rows);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
console.log(`Machine: ${machine}. Took ${elapsed()}. Server log: ${logFile}`);
console.log(broken.length === 0 ? 'Every invariant holds.' : `${broken.length} invariant(s) broken (marked ✗ above).`);
const path = await writeSoakReport(REPORT_DIR, {
  date: new Date().toISOString(),
  machine,
  options: { seed, quick: flags.quick },
  durations,
  rows,
  figures,
  crashes,
});
console.log(`Wrote ${path}.`);
process.exit(broken.length === 0 ? 0 : 1);
