/**
 * When the renditions passes run: one after another, once more after any change, again after a
 * short wait while another instance holds a master's lock, and who waits for all that to end.
 */
import { serialRunner } from '../serial-runner.ts';

export interface PassLoopOptions {
  /** One pass; resolves to true when some master was left to another instance, to look at later. */
  pass: () => Promise<boolean>;
  /** Told a pass's error; the next passes still run. */
  onError: (error: unknown) => void;
  /** How soon to look again at a master another instance is working on, in ms. */
  retryMs: number;
  /** Aborted when the service closes: no pass is planned after it. */
  closing: AbortSignal;
}

export interface PassLoop {
  /** Starts a pass now, or asks for one more after the running one. */
  start: () => void;
  /** Resolves once nothing is left to do (every track ready, failed, or waiting on another instance). */
  idle: () => Promise<void>;
  /** Runs no more passes; resolves once the running one has ended and every waiter is told. */
  stop: () => Promise<void>;
}

/** A loop of `options.pass`, idle until its first `start()`. */
export function passLoop(options: PassLoopOptions): PassLoop {
  /** Set while a pass is due again soon (another instance holds a master's lock). */
  let retryTimer: NodeJS.Timeout | null = null;
  /** True when the last pass left a master to another instance. */
  let waiting = false;
  let idleWaiters: (() => void)[] = [];

  // Passes run one after another: a change during a pass asks for one more after it.
  const runner = serialRunner({
    pass: async () => {
      // A pass that fails leaves nothing to look at again.
      waiting = false;
      waiting = await options.pass();
    },
    onError: options.onError,
    onIdle: () => {
      if (waiting && !options.closing.aborted) {
        retryTimer = setTimeout(start, options.retryMs);
        retryTimer.unref();
        return;
      }
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    },
  });

  function start(): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    runner.run();
  }

  return {
    start,
    idle: () =>
      new Promise<void>((resolve) => {
        if (!runner.busy() && !retryTimer) resolve();
        else idleWaiters.push(resolve);
      }),
    stop: async () => {
      if (retryTimer) clearTimeout(retryTimer);
      await runner.stop();
      for (const resolve of idleWaiters) resolve();
    },
  };
}
