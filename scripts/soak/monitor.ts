/**
 * Loaded into the soak's server process (`--import`): measures what only the process itself
 * can see, its event loop's stalls and its peak memory, and answers the soak over the IPC
 * channel. It adds no route and changes nothing the server does.
 *
 * Protocol: the parent sends `'soak:stats'` and gets `{ soakStats }` back; `'soak:reset'`
 * starts a new measurement of the event loop.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the server process reports about itself. */
export interface ProcessStats {
  /** The longest the event loop was blocked since the last reset, in ms. */
  maxLoopDelayMs: number;
  p99LoopDelayMs: number;
  /** The process's peak resident memory since it started, in bytes. */
  peakRssBytes: number;
}

/** The message that carries the stats to the parent. */
export interface StatsMessage {
  soakStats: ProcessStats;
}

// 10 ms: the timer's own jitter stays far below the stalls worth reporting.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

process.on('message', (message) => {
  if (message === 'soak:reset') loop.reset();
  if (message !== 'soak:stats') return;
  const stats: ProcessStats = {
    // The histogram counts the delay beyond the timer's resolution, in nanoseconds.
    maxLoopDelayMs: loop.max / 1e6,
    p99LoopDelayMs: loop.percentile(99) / 1e6,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.send?.({ soakStats: stats } satisfies StatsMessage);
});
