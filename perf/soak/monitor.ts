/**
 * Loaded into the soak's server process (`--import`): measures what only the process itself can
 * see, its event loop's stalls and its peak memory, and answers the soak over the IPC channel.
 * It adds no route and changes nothing the server does.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the server process reports about itself. */
export interface ProcessStats {
  /** The longest the event loop was blocked since the last reset, in ms. */
  maxLoopDelayMs: number;
  p99LoopDelayMs: number;
  /** The process's peak resident memory since it started, in bytes. */
  peakRssBytes: number;
  /** Its resident memory now, in bytes. */
  rssBytes: number;
  /** When settled: after a regular collection, before V8 gave back the pages it keeps. */
  rssBeforeReleaseBytes?: number;
}

/** The message that carries the stats to the parent. */
export interface StatsMessage {
  soakStats: ProcessStats;
}

// 10 ms: the timer's own jitter stays far below the stalls worth reporting.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

/** V8's collector, exposed by --expose-gc; its options pick the kind of collection. */
type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort' }) => void;
const collect = (globalThis as { gc?: Collect }).gc;
/** Lets V8's background threads finish sweeping and unmapping after a collection. */
const SETTLE_MS = 500;

function report(extra: Partial<ProcessStats> = {}): void {
  const stats: ProcessStats = {
    ...extra,
    // The histogram counts the delay beyond the timer's resolution, in nanoseconds.
    maxLoopDelayMs: loop.max / 1e6,
    p99LoopDelayMs: loop.percentile(99) / 1e6,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    rssBytes: process.memoryUsage.rss(),
  };
  process.send?.({ soakStats: stats } satisfies StatsMessage);
}

// 'soak:stats' answers `{ soakStats }`; 'soak:reset' starts a new measurement of the event loop;
// 'soak:settle' first collects the garbage, twice: after a regular collection V8 keeps the pages
// it freed for reuse (100–300 MB here) and gives them back only under pressure, which a
// last-resort collection stands for. Both figures are reported.
process.on('message', (message) => {
  if (message === 'soak:reset') loop.reset();
  if (message === 'soak:stats') report();
  if (message === 'soak:settle') {
    collect?.({ type: 'major', execution: 'sync', flavor: 'regular' });
    setTimeout(() => {
      const rssBeforeReleaseBytes = process.memoryUsage.rss();
      collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      setTimeout(() => report({ rssBeforeReleaseBytes }), SETTLE_MS);
    }, SETTLE_MS);
  }
});
