/**
 * `npm test`: every test, in order. Static checks (lint, types, formatting), a production
 * build, then the unit and end-to-end suites, and one closing line `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const REPORT = 'test-results/vitest.json';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

// The build reads the release pages' track lists from the media library. The tests' build
// reads an empty one, so that it is the same on every machine whatever the local media/ holds
// (npm start fills it with the demo set); the end-to-end setup builds its own with music.
const noMusic = mkdtempSync(join(tmpdir(), 'no-music-'));
for (const [script, env] of [
  ['check', process.env],
  ['build', { ...process.env, MEDIA_DIR: noMusic }],
] as const) {
  const status = run('npm', ['run', script], env);
  if (status !== 0) {
    console.error(`\nnpm run ${script} failed; the test suites did not run.`);
    process.exit(status);
  }
}
rmSync(noMusic, { recursive: true, force: true });

mkdirSync('test-results', { recursive: true });
// node:sqlite still prints an ExperimentalWarning on Node 24; it says nothing about our code.
const quiet = { ...process.env, NODE_OPTIONS: '--disable-warning=ExperimentalWarning' };
const status = run(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`],
  quiet,
);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}
/** How many of the slowest files the run names, so the suite's time has a visible owner. */
const SLOWEST_SHOWN = 10;

try {
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as VitestReport;
  const slowest = report.testResults
    .map((file) => ({ file: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_SHOWN);
  console.log(`\nThe ${String(slowest.length)} slowest files:`);
  for (const { file, seconds } of slowest) console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`\nTests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.error('\nThe test report was not written; see the output above.');
}
process.exit(status);
