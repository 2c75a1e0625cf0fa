/**
 * `npm test`: every test, in order. Static checks (lint, types, formatting), a production
 * build, then the unit and end-to-end suites, the ten slowest files, and one closing line
 * `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const REPORT = 'test-results/vitest.json';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

/** Runs commands side by side, each command's output printed whole when it ends; resolves to their statuses. */
function runTogether(commands: readonly (readonly string[])[]): Promise<number[]> {
  return Promise.all(
    commands.map(
      ([command = '', ...args]) =>
        new Promise<number>((resolve) => {
          const output: Buffer[] = [];
          const child = spawn(command, args, { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code) => {
            process.stdout.write(`\n$ ${command} ${args.join(' ')}\n${Buffer.concat(output).toString()}`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
}

// The static checks of `npm run check`, two at a time on the machine's two cores. `astro check`
// rewrites .astro/'s types first, so ESLint and tsc, which read them, start only after it.
const checks = [
  [
    ['npx', 'astro', 'check'],
    ['npx', 'prettier', '--check', '.'],
  ],
  [
    ['npx', 'eslint', '.'],
    ['npx', 'tsc', '--noEmit'],
  ],
] as const;
for (const pair of checks) {
  if ((await runTogether(pair)).some((status) => status !== 0)) {
    console.error('\nThe static checks failed; the test suites did not run.');
    process.exit(1);
  }
}

// The build reads the release pages' track lists from the media library. The tests' build
// reads an empty one, so that it is the same on every machine whatever the local media/ holds
// (npm start fills it with the demo set); the end-to-end setup builds its own with music.
const noMusic = mkdtempSync(join(tmpdir(), 'no-music-'));
const built = run('npm', ['run', 'build'], { ...process.env, MEDIA_DIR: noMusic });
rmSync(noMusic, { recursive: true, force: true });
if (built !== 0) {
  console.error('\nnpm run build failed; the test suites did not run.');
  process.exit(built);
}

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
