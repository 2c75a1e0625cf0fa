/**
 * Deletes the studio's sessions past their lifetimes on a timer: a session is otherwise checked
 * only when presented again, and one never presented would stay in the database for good.
 */
import type { Log } from '../log.ts';
import type { SessionLifetimes } from './lifetimes.ts';
import type { StudioStore } from './studio-store.ts';

export interface SessionSweep {
  /** Sweeps no more; a sweep in progress ends by itself. */
  stop(): void;
}

/** Sweeps `store` every `everyMs`, never keeping the process alive for it. */
export function startSessionSweep(
  store: StudioStore,
  lifetimes: SessionLifetimes,
  everyMs: number,
  log: Pick<Log, 'info' | 'warn'>,
): SessionSweep {
  let sweeping = false;
  const timer = setInterval(() => {
    // A slow database must not pile sweeps up.
    if (sweeping) return;
    sweeping = true;
    store
      .sweep(lifetimes)
      .then((ended) => {
        if (ended > 0) log.info({ ended }, 'expired studio sessions deleted');
      })
      .catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'studio session sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
