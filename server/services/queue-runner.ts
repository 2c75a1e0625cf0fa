/**
 * Sends what waits in a durable queue, one pass at a time: a pass drains what is due, then the
 * runner sleeps until the next item is due, or `idleCheckMs` at the latest (other instances add
 * to the same queue). The outbox and the studio's notices run their queues so.
 */
import { serialRunner } from './serial-runner.ts';

export interface QueueRunnerOptions {
  /** Sends everything due now; `isClosed` says when to stop between items. */
  drain: (isClosed: () => boolean) => Promise<void>;
  /** When the next item is due (ms since the epoch), or null when nothing waits. */
  nextDue: () => Promise<number | null>;
  idleCheckMs: number;
  /** Told a pass's error; the next passes still run. */
  onError: (error: unknown) => void;
}

export interface QueueRunner {
  /** Looks at the queue now (something was added). */
  notify: () => void;
  /** Stops, after the pass in progress. */
  close: () => Promise<void>;
}

/** Starts the runner with a first pass at once. */
export function startQueueRunner({ drain, nextDue, idleCheckMs, onError }: QueueRunnerOptions): QueueRunner {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // Read through a function: it changes while a pass is awaited.
  const isClosed = () => closed;

  // One pass at a time: an item added during a pass (or while the next wake-up is being
  // worked out) makes one more pass after it.
  const runner = serialRunner({
    pass: async () => {
      try {
        await drain(isClosed);
      } finally {
        await schedule();
      }
    },
    onError,
  });

  async function schedule(): Promise<void> {
    clearTimeout(timer);
    if (isClosed()) return;
    const due = await nextDue().catch(() => null);
    if (isClosed()) return;
    const wait = due === null ? idleCheckMs : Math.max(0, Math.min(idleCheckMs, due - Date.now()));
    timer = setTimeout(runner.run, wait);
    timer.unref();
  }

  runner.run();
  return {
    notify: runner.run,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await runner.stop();
    },
  };
}
