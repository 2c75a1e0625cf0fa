/**
 * What the benchmark and the soak share while they run: the time since the start, progress
 * lines on stderr (stdout holds only their tables), and steps that are timed and whose failure
 * is recorded instead of stopping the rest.
 */

/** A step that ran, or the error that stopped it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Progress {
  /** `2:05`: minutes and seconds since the start. */
  elapsed: () => string;
  /** Seconds since the start, to a tenth. */
  seconds: () => number;
  log: (line: string) => void;
  /** Runs a step and times it; an error becomes its outcome. */
  step: <T>(name: string, run: () => Promise<T>) => Promise<Outcome<T>>;
  /** Seconds each step took, by name. */
  readonly durations: Record<string, number>;
}

const tenths = (ms: number) => Math.round(ms / 100) / 10;

export function startProgress(tool: string): Progress {
  const startedAt = Date.now();
  const durations: Record<string, number> = {};
  const elapsed = () => {
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  };
  const log = (line: string) => console.error(`[${tool} ${elapsed()}] ${line}`);
  return {
    elapsed,
    seconds: () => tenths(Date.now() - startedAt),
    log,
    durations,
    step: async <T>(name: string, run: () => Promise<T>): Promise<Outcome<T>> => {
      const started = Date.now();
      log(`${name}…`);
      try {
        return { ok: true, value: await run() };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`${name} could not run: ${message}`);
        return { ok: false, error: message };
      } finally {
        durations[name] = tenths(Date.now() - started);
      }
    },
  };
}
