/**
 * `npm test`: every test, in order. Static checks (lint, types, formatting), then the unit and
 * end-to-end suites, whose setup makes the production build first (tests/e2e/global-setup.ts),
 * the ten slowest files, and one closing line `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const REPORT = 'test-results/vitest.json';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

type Command = readonly string[];

/** Runs one command, its output kept and printed whole when it ends; resolves to its status. */
function runQuietly([command = '', ...args]: Command): Promise<number> {
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(command, args, { env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(`\n$ ${command} ${args.join(' ')}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

/** Runs lanes side by side, each lane's commands one after the other until one fails; true when all pass. */
async function runLanes(lanes: readonly (readonly Command[])[]): Promise<boolean> {
  const passed = await Promise.all(
    lanes.map(async (lane) => {
      for (const command of lane) if ((await runQuietly(command)) !== 0) return false;
      return true;
    }),
  );
  return passed.every(Boolean);
}

// The static checks of `npm run check`, two lanes on the machine's two cores. ESLint and
// `astro check` read the types `astro sync` writes into .astro/, so they start after it, and
// `astro check` then only reads them (--noSync): nothing rewrites a file another check is reading.
// `astro check` type-checks every file tsconfig.json includes (.ts and .tsx as well as .astro),
// so the run does not pay for tsc's second pass over the same program, and Prettier fills the
// lane beside ESLint, the longest check.
const checks: (readonly Command[])[][] = [
  [[['npx', 'astro', 'sync']]],
  [
    [['npx', 'eslint', '.']],
    [
      ['npx', 'astro', 'check', '--noSync'],
      ['npx', 'prettier', '--check', '.'],
    ],
  ],
];
for (const lanes of checks) {
  if (!(await runLanes(lanes))) {
    console.error('\nThe static checks failed; the test suites did not run.');
    process.exit(1);
  }
}

mkdirSync('test-results', { recursive: true });
// node:sqlite still prints an ExperimentalWarning on Node 24; it says nothing about our code.
// The end-to-end setup makes `npm run build` afresh (E2E_BUILD), beside its own builds: three
// builds on two cores take less time than one before and two after.
const quiet = { ...process.env, NODE_OPTIONS: '--disable-warning=ExperimentalWarning', E2E_BUILD: '1' };
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
