/**
 * Runs the site's build into a given folder as `npm run build` does (astro build, then the
 * precompressed variants, then the CDN headers file), one program at a time, each spawned
 * with its arguments as an array: nothing passes through a shell, and none of the server's
 * credentials reach it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { withoutControls } from '../../../src/lib/control-characters.ts';

/** One program of the build. */
export interface BuildStep {
  /** What the studio shows while it runs. */
  stage: string;
  command: string;
  args: string[];
  /** Added to what the build may see of the server's environment (BUILD_ENV). */
  env?: Record<string, string>;
}

/**
 * All a build may see of the server's environment: what Node, astro and sharp need to run, and
 * what astro.config.mjs, src/ and scripts/ read. The server's credentials (DATABASE_URL,
 * REDIS_URL, SMTP_URL) and every other setting stay out: the build runs the content's code
 * paths and its log is shown in the studio.
 */
export const BUILD_ENV: readonly string[] = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LC_ALL',
  'TZ',
  'NODE_OPTIONS',
  'PUBLIC_GA_ID',
  'PUBLIC_ADS_ID',
  'PUBLIC_ADS_CONVERSION_LABEL',
  'PUBLIC_API_BASE',
  'MEDIA_DIR',
  'ASTRO_OUT_DIR',
  'ASTRO_TELEMETRY_DISABLED',
];

/** The part of `env` listed in BUILD_ENV. */
export function buildEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    BUILD_ENV.flatMap((name) => {
      const value = env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/** The programs that build the site into `outDir`. */
export type BuildCommand = (outDir: string) => BuildStep[];

/** How far a build has come, for the studio. */
export interface BuildProgress {
  stage: string;
  /** The step running, from 1. */
  step: number;
  steps: number;
  /** Pages the build has written so far (as its log lists them). */
  pages: number;
}

/** The build's last lines kept when it fails: enough to name the file and field at fault. */
const ERROR_LINES = 30;
/** A line of astro's log naming a page it wrote (`  ├─ /pt/music/x.html (+3ms)`). */
const PAGE_WRITTEN = /\.html\b.*\(\+\d/;
/** Terminal colour codes, which mean nothing in the studio (nor does any other control character). */
// eslint-disable-next-line no-control-regex -- an escape sequence starts with exactly this character
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** The project's real build, run in `projectDir` with the Node running the server. */
export function siteBuild(projectDir: string, mediaDir: string): BuildCommand {
  const node = process.execPath;
  return (outDir) => [
    {
      stage: 'pages',
      command: node,
      args: [join(projectDir, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'],
      env: { ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1', MEDIA_DIR: mediaDir },
    },
    { stage: 'compress', command: node, args: [join(projectDir, 'scripts', 'precompress.ts'), outDir] },
    { stage: 'headers', command: node, args: [join(projectDir, 'scripts', 'cdn-headers.ts'), outDir] },
  ];
}

/** A build that ended badly, with the lines that say why (the project's paths removed). */
export class BuildFailure extends Error {}

export interface RunBuildOptions {
  cwd: string;
  /** Folders whose paths are cut from the error lines the studio shows. */
  privatePaths: readonly string[];
  onProgress: (progress: BuildProgress) => void;
  /** Aborting kills the running program. */
  signal: AbortSignal;
  timeoutMs: number;
}

/** Removes the server's own paths (and colours) from the build's log lines. */
export function publicLines(lines: readonly string[], privatePaths: readonly string[]): string {
  // Longest first, so a folder inside another is cut whole.
  const paths = [...privatePaths].filter(Boolean).sort((a, b) => b.length - a.length);
  const cut = (text: string) =>
    paths.reduce((shown, path) => shown.split(`${path}/`).join('').split(path).join('.'), text);
  return lines
    .map((line) => {
      // Again until nothing changes: a cut may join two halves into another path.
      let shown = withoutControls(line.replace(ANSI, ''));
      for (let before = ''; before !== shown;) [before, shown] = [shown, cut(shown)];
      return shown.trimEnd();
    })
    .join('\n')
    .trim();
}

/** Runs the steps in order; rejects with a BuildFailure at the first that fails. */
export async function runBuild(steps: readonly BuildStep[], options: RunBuildOptions): Promise<void> {
  let pages = 0;
  for (const [index, step] of steps.entries()) {
    const report = () => options.onProgress({ stage: step.stage, step: index + 1, steps: steps.length, pages });
    report();
    await runStep(step, options, (line) => {
      if (PAGE_WRITTEN.test(line)) {
        pages += 1;
        report();
      }
    });
  }
}

function runStep(step: BuildStep, options: RunBuildOptions, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, {
      cwd: options.cwd,
      env: { ...buildEnvironment(process.env), ...step.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      timeout: options.timeoutMs,
      killSignal: 'SIGKILL',
    });
    const tail: string[] = [];
    let partial = '';
    const take = (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        onLine(line);
        tail.push(line);
        if (tail.length > ERROR_LINES) tail.shift();
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const fail = (why: string) => {
      if (partial) tail.push(partial);
      const lines = publicLines(tail.slice(-ERROR_LINES), options.privatePaths);
      reject(new BuildFailure(lines ? `${why}\n${lines}` : why));
    };
    child.on('error', (error) => {
      if (error.name === 'AbortError') fail(`The build stopped at “${step.stage}”: the server was closing.`);
      else fail(`The build could not start “${step.stage}”.`);
    });
    child.on('close', (code, signal) => {
      if (options.signal.aborted) return; // told by the error event
      if (code === 0) resolve();
      else if (signal) fail(`The build took too long at “${step.stage}” and was stopped.`);
      else fail(`The build failed at “${step.stage}” (exit code ${String(code)}).`);
    });
  });
}
