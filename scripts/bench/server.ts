/**
 * Starts the real server for the benchmark in a child process (see serve.ts for why), with a
 * temporary DATA_DIR and a temporary MEDIA_DIR filled with the generated demo music, and
 * removes both when it stops.
 */
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDemoMedia } from '../demo-media/generate.ts';
import type { ReadyMessage } from './serve.ts';

/**
 * As in the end-to-end tests: long enough for a click on "Next track" while a track plays,
 * and quick to synthesise (about 3 s of CPU per second of track on this machine).
 */
const DEMO_SECONDS_PER_TRACK = 3;
/** Building the app scans dist/ and the media folder; this is far more than it needs. */
const START_TIMEOUT_MS = 30_000;
/** High enough that the contact load test measures the server, not its rate limits. */
const UNLIMITED = String(1_000_000_000);

export interface BenchServer {
  url: string;
  /** Where the contact messages database lives, to count what was stored. */
  dataDir: string;
  stop(): Promise<void>;
}

const SERVE_SCRIPT = fileURLToPath(new URL('./serve.ts', import.meta.url));

/** Starts the server on a free port of 127.0.0.1 and resolves once it listens. */
export async function startBenchServer(distDir: string): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-data-'));
  const mediaDir = await mkdtemp(join(tmpdir(), 'bench-media-'));
  const removeDirs = async () => {
    await Promise.all([dataDir, mediaDir].map((dir) => rm(dir, { recursive: true, force: true })));
  };
  // Should the benchmark crash before stop(), the folders still go (the child exits on its own
  // when the IPC channel closes).
  const removeDirsOnExit = () => {
    for (const dir of [dataDir, mediaDir]) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeDirsOnExit);
  await generateDemoMedia(mediaDir, DEMO_SECONDS_PER_TRACK);

  const child = fork(SERVE_SCRIPT, {
    // node:sqlite still prints an ExperimentalWarning on Node 24; it says nothing about our code.
    execArgv: [
      '--disable-warning=ExperimentalWarning',
      // BENCH_CPU_PROFILE=<folder> writes the server's CPU profile there (open it in Chrome's DevTools).
      ...(process.env['BENCH_CPU_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROFILE']}`] : []),
    ],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DIST_DIR: distDir,
      MEDIA_DIR: mediaDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CONTACT_RATE_LIMIT: UNLIMITED,
      CONTACT_GLOBAL_LIMIT: UNLIMITED,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
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

  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send('close');
        await exited;
      }
      await removeDirs();
      process.off('exit', removeDirsOnExit);
    },
  };
}
