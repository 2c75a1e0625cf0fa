/**
 * Server process control for the soak: the benchmark's real server child (perf/harness/
 * server.ts) with the soak's monitor loaded, its log kept in a file, and every exit the soak
 * did not ask for counted as a crash.
 */
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBenchServer, type BenchServer, type BenchServerOptions } from '../harness/server.ts';
import type { ProcessStats, StatsMessage } from './monitor.ts';

const MONITOR = fileURLToPath(new URL('./monitor.ts', import.meta.url));
const STATS_TIMEOUT_MS = 5_000;
/** Two full collections of a heap that may hold gigabytes (a server that keeps too much). */
const SETTLE_TIMEOUT_MS = 60_000;

/** An exit the soak did not ask for. */
export interface Crash {
  scenario: string;
  code: number | null;
  signal: string | null;
}

/** Every unexpected exit of any server the soak started. */
export const crashes: Crash[] = [];

export interface SoakServer extends BenchServer {
  /** The server's own figures: event loop stalls since the last reset, memory now and at its peak. */
  stats(): Promise<ProcessStats>;
  /** The same, once the server has collected its garbage: the memory it really holds. */
  settledStats(): Promise<ProcessStats>;
  resetStats(): void;
  /** True while the process runs. */
  alive(): boolean;
}

export interface SoakServerOptions extends Omit<BenchServerOptions, 'execArgv' | 'output'> {
  /** Names the scenario in the crash list. */
  scenario: string;
  /** The server's log (warnings and errors) is appended here. */
  logFile: string;
}

/** Starts the real server for one scenario. */
export async function startSoakServer(distDir: string, options: SoakServerOptions): Promise<SoakServer> {
  const { scenario, logFile, ...benchOptions } = options;
  const server = await startBenchServer(distDir, {
    ...benchOptions,
    env: { LOG_LEVEL: 'warn', ...benchOptions.env },
    // --expose-gc lets the monitor collect the garbage before it reports settled memory.
    execArgv: ['--expose-gc', '--import', MONITOR],
    output: openSync(logFile, 'a'),
  });
  let expectedExit = false;
  server.child.once('exit', (code, signal) => {
    if (!expectedExit) crashes.push({ scenario, code, signal });
  });
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  const askStats = (question: 'soak:stats' | 'soak:settle', timeoutMs: number) =>
    new Promise<ProcessStats>((resolve, reject) => {
      const timer = setTimeout(() => {
        server.child.off('message', onMessage);
        reject(new Error('the server did not report its stats'));
      }, timeoutMs);
      const onMessage = (message: Partial<StatsMessage>) => {
        if (!message.soakStats) return;
        clearTimeout(timer);
        server.child.off('message', onMessage);
        resolve(message.soakStats);
      };
      server.child.on('message', onMessage);
      server.child.send(question);
    });
  return {
    ...server,
    alive,
    async stop() {
      expectedExit = true;
      await server.stop();
    },
    async kill() {
      expectedExit = true;
      await server.kill();
    },
    resetStats: () => {
      if (alive()) server.child.send('soak:reset');
    },
    stats: () => askStats('soak:stats', STATS_TIMEOUT_MS),
    settledStats: () => askStats('soak:settle', SETTLE_TIMEOUT_MS),
  };
}
