/**
 * Starts the real server for the benchmark in a child process (see serve.ts for why), with a
 * temporary DATA_DIR and a temporary MEDIA_DIR filled with the generated demo music, and
 * removes both when it stops. The soak (perf/soak/) starts it with options: folders it owns
 * (kept across a SIGKILL and a restart), extra environment, another user.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDemoMedia } from '../../scripts/demo-media/generate.ts';
import type { ReadyMessage } from './serve.ts';

/**
 * As in the end-to-end tests: long enough for a click on "Next track" while a track plays,
 * and quick to synthesise (about 3 s of CPU per second of track on this machine).
 */
export const DEMO_SECONDS_PER_TRACK = 3;
/** Building the app scans dist/ and the media folder; this is far more than it needs. */
const START_TIMEOUT_MS = 30_000;
/** High enough that the load tests measure the server, not its rate limits. */
const UNLIMITED = String(1_000_000_000);

export interface BenchServer {
  url: string;
  /** Where the contact messages database lives, to count what was stored. */
  dataDir: string;
  mediaDir: string;
  /** The server's process (its pid, its IPC channel, its exit). */
  child: ChildProcess;
  stop(): Promise<void>;
  /** Kills the server with SIGKILL, as a crash would, and waits until it is gone. */
  kill(): Promise<void>;
}

export interface BenchServerOptions {
  /** Environment over the benchmark's own (e.g. SMTP_URL, or the real rate limits). */
  env?: Record<string, string>;
  /** Use these folders, which the caller owns and removes, instead of temporary ones. */
  dataDir?: string;
  /** A folder already holding music (the demo set is not generated then). */
  mediaDir?: string;
  /** Run the server as this user and group (the caller, as root, to drop root's rights). */
  uid?: number;
  gid?: number;
  /** More Node flags for the child (e.g. `--import` a monitor). */
  execArgv?: string[];
  /** Where the server's stdout and stderr go: a file descriptor, or inherited by default. */
  output?: number;
}

const SERVE_SCRIPT = fileURLToPath(new URL('./serve.ts', import.meta.url));

/** Starts the server on a free port of 127.0.0.1 and resolves once it listens. */
export async function startBenchServer(distDir: string, options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'bench-data-')));
  const mediaDir = options.mediaDir ?? (await mkdtemp(join(tmpdir(), 'bench-media-')));
  // Only the folders made here are removed here.
  const ownDirs = [options.dataDir ? null : dataDir, options.mediaDir ? null : mediaDir].filter(
    (dir): dir is string => dir !== null,
  );
  const removeDirs = async () => {
    await Promise.all(ownDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  // Should the benchmark crash before stop(), the folders still go (the child exits on its own
  // when the IPC channel closes).
  const removeDirsOnExit = () => {
    for (const dir of ownDirs) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeDirsOnExit);
  if (!options.mediaDir) await generateDemoMedia(mediaDir, DEMO_SECONDS_PER_TRACK);

  const child = fork(SERVE_SCRIPT, {
    // node:sqlite still prints an ExperimentalWarning on Node 24; it says nothing about our code.
    execArgv: [
      '--disable-warning=ExperimentalWarning',
      // BENCH_CPU_PROFILE=<folder> writes the server's CPU profile there (open it in Chrome's DevTools).
      ...(process.env['BENCH_CPU_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROFILE']}`] : []),
      ...(options.execArgv ?? []),
    ],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DIST_DIR: distDir,
      MEDIA_DIR: mediaDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CONTACT_RATE_LIMIT: UNLIMITED,
      CONTACT_NETWORK_LIMIT: UNLIMITED,
      CONTACT_GLOBAL_LIMIT: UNLIMITED,
      AUTO_REPLY_HOURLY_LIMIT: UNLIMITED,
      GRAPHQL_RATE_LIMIT: UNLIMITED,
      ...options.env,
    },
    stdio: ['ignore', options.output ?? 'inherit', options.output ?? 'inherit', 'ipc'],
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
  });

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      child.once('message', (message: ReadyMessage) => {
        clearTimeout(timer);
        resolve(message.url);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with code ${String(code)} before listening`));
      });
    });
  } catch (error) {
    child.kill();
    await removeDirs();
    throw error;
  }

  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    dataDir,
    mediaDir,
    child,
    async kill() {
      if (gone()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send('close');
        await exited;
      }
      await removeDirs();
      process.off('exit', removeDirsOnExit);
    },
  };
}
