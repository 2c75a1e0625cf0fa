/**
 * One step of a master's work (its analysis, or one rendition) run under the master's lock, with
 * the time and length limits, and a note written when it fails so an unchanged file is not tried
 * again.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Log } from '../log.ts';
import type { Track } from '../media/media-library.ts';
import type { CacheFolder, Lock } from './cache-folder.ts';
import { clock, LimitExceeded, limitsKey, type RenditionLimits } from './limits.ts';
import { failureFile } from './track-state.ts';

/** What a failed step's note holds. */
export interface FailureNote {
  reason: string;
  /** The limits it failed under, when a limit stopped it (see limitsKey). */
  limits?: string;
}

export interface RenditionStepsOptions {
  cache: CacheFolder;
  limits: RenditionLimits;
  log: Pick<Log, 'info' | 'warn'>;
  /** Told before each ffmpeg job. */
  onJob?: ((job: { track: Track; step: string }) => void) | undefined;
  /** True when `track` (as the pass read it) is no longer the library's file at its path. */
  isStale: (track: Track) => boolean;
  /** Aborted when the service closes: it stops the running job, and its failure is not noted. */
  closing: AbortSignal;
}

export interface RenditionSteps {
  /**
   * Runs one step of a master's work under its lock; false when another instance holds the
   * lock (the pass will look again later). The work gets a signal that kills its ffmpeg when
   * the server closes, the master changes, or the time limit passes. A failure is logged with
   * the file's name and written down, so an unchanged file is not tried again.
   */
  step: (
    track: Track,
    hash: string,
    name: string,
    output: string,
    work: (signal: AbortSignal) => Promise<void>,
  ) => Promise<boolean>;
  /**
   * True when a step's output, or the note of its failure, is in the master's folder. A note
   * of a limit other than today's does not count: raising a limit tries the master again.
   */
  isDone: (hash: string, name: string, output: string) => Promise<boolean>;
  /** Refuses a master longer than a track may be. */
  checkDuration: (seconds: number) => void;
  /** Stops the running job when its master was removed or changed. */
  cancelStale: () => void;
}

/** The steps over `options.cache`, one job running at a time. */
export function renditionSteps(options: RenditionStepsOptions): RenditionSteps {
  const { cache, limits, log, isStale, closing } = options;
  /** The job running now, stopped when its master is removed or changed. */
  let current: { track: Track; cancel: AbortController } | null = null;

  async function step(
    track: Track,
    hash: string,
    name: string,
    output: string,
    work: (signal: AbortSignal) => Promise<void>,
  ): Promise<boolean> {
    const lock: Lock | null = await cache.lock(hash);
    if (!lock) return false;
    const cancel = new AbortController();
    const timeout = AbortSignal.timeout(limits.timeoutSeconds * 1000);
    try {
      // Looked at again under the lock: another instance may have just finished it, or the
      // master changed since the pass read it (the next pass makes the new one).
      if (isStale(track) || (await isDone(hash, name, output))) return true;
      await rm(join(cache.folderOf(hash), failureFile(name)), { force: true });
      options.onJob?.({ track, step: name });
      current = { track, cancel };
      await work(AbortSignal.any([closing, cancel.signal, timeout]));
    } catch (caught) {
      if (closing.aborted) return true;
      if (cancel.signal.aborted) {
        log.info({ playlist: track.playlist, file: track.file, step: name }, 'stopped a rendition: its master changed');
        return true;
      }
      const error = timeout.aborted ? new LimitExceeded(`took longer than ${limits.timeoutSeconds} s`) : caught;
      const reason = (error as Error).message;
      log.warn({ playlist: track.playlist, file: track.file, step: name, reason }, 'could not make a rendition');
      const note: FailureNote = error instanceof LimitExceeded ? { reason, limits: limitsKey(limits) } : { reason };
      await cache.writeJson(hash, failureFile(name), note).catch(() => undefined);
    } finally {
      current = null;
      await lock.release();
    }
    return true;
  }

  async function isDone(hash: string, name: string, output: string): Promise<boolean> {
    const present = await cache.filesOf(hash);
    if (present.has(output)) return true;
    if (!present.has(failureFile(name))) return false;
    const note = await cache.readJson<FailureNote>(hash, failureFile(name));
    return note?.limits === undefined || note.limits === limitsKey(limits);
  }

  return {
    step,
    isDone,
    checkDuration(seconds) {
      if (seconds > limits.maxLengthSeconds) throw new LimitExceeded(`longer than ${clock(limits.maxLengthSeconds)}`);
    },
    cancelStale() {
      if (current && isStale(current.track)) current.cancel.abort();
    },
  };
}
