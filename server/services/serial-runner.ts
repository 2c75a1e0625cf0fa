/**
 * Runs a pass of background work one at a time: asking while a pass runs asks for one more
 * pass after it, however often it is asked. The outbox and the renditions run their work so.
 */

export interface SerialRunnerOptions {
  /** One pass of the work. */
  pass: () => Promise<void>;
  /** Told a pass's error; the next passes still run. */
  onError: (error: unknown) => void;
  /** Told when the last pass asked for has ended (also after a stop). */
  onIdle?: () => void;
}

export interface SerialRunner {
  /** Starts a pass now, or asks for one more after the running one. Nothing once stopped. */
  run: () => void;
  /** True while a pass is running or asked for. */
  busy: () => boolean;
  /** Starts no more passes; resolves once the running one has ended. */
  stop: () => Promise<void>;
}

/** A runner of `options.pass`, idle until its first `run()`. */
export function serialRunner({ pass, onError, onIdle }: SerialRunnerOptions): SerialRunner {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Read through functions: both change while a pass is awaited.
  const askedAgain = () => again;
  const isStopped = () => stopped;

  async function passes(): Promise<void> {
    do {
      again = false;
      try {
        await pass();
      } catch (error) {
        onError(error);
      }
    } while (askedAgain() && !isStopped());
    running = null;
    onIdle?.();
  }

  return {
    run: () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = passes();
    },
    busy: () => running !== null,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
