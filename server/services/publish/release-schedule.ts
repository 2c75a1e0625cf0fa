/**
 * The scheduled publish of a release dated in the future: when its moment passes, the site is
 * built again, so the served page becomes the normal one with nobody touching anything. The
 * timer is set from the release files' moments and set again after each build goes live.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { nextReleaseInstant, releaseInstant } from '../../../src/lib/pre-release.ts';

/** The longest delay a Node timer takes (about 24.8 days); a later moment is waited for in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/** Built a little after the moment, so that the build's own clock sees it passed. */
export const AFTER_MOMENT_MS = 1_000;

/** The release moments (`releaseAt`) of the release files in `folder`; unreadable files are the build's to report. */
export async function readReleaseMoments(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => []);
  const moments = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => {
        try {
          const data = JSON.parse(await readFile(join(folder, name), 'utf8')) as { releaseAt?: unknown } | null;
          return typeof data?.releaseAt === 'string' ? [data.releaseAt] : [];
        } catch {
          return [];
        }
      }),
  );
  return moments.flat();
}

export interface ReleaseScheduleOptions {
  /** The release moments the content gives now. */
  readMoments: () => Promise<readonly string[]>;
  /** Asks for a build (the publisher's `requestBuild`). */
  publish: () => Promise<void>;
  log: FastifyBaseLogger;
  now?: () => number;
}

export interface ReleaseSchedule {
  /** Reads the moments again and sets the timer for the next one still to come. */
  rearm: () => Promise<void>;
  /**
   * Builds now when a release came out after `builtAt` (when the served site was built): the
   * server was down at its moment. Resolves true when it asked for a build.
   */
  catchUp: (builtAt: number) => Promise<boolean>;
  /** The instant the next scheduled build waits for, or null when no release is to come. */
  next: () => number | null;
  close: () => void;
}

export function scheduleReleases({
  readMoments,
  publish,
  log,
  now = Date.now,
}: ReleaseScheduleOptions): ReleaseSchedule {
  let timer: NodeJS.Timeout | undefined;
  let next: number | null = null;
  let closed = false;
  // Each rearm reads the files anew; only the latest one's reading sets the timer.
  let generation = 0;

  const fire = async (instant: number) => {
    timer = undefined;
    if (now() < instant) {
      // A moment beyond the longest timer: this was one step of the wait.
      await rearm();
      return;
    }
    log.info({ releaseAt: new Date(instant - AFTER_MOMENT_MS).toISOString() }, 'a release came out: building');
    await publish().catch((error: unknown) => log.error({ err: error }, 'the scheduled build could not start'));
    // The build may fail and never go live: the next moment is waited for all the same.
    await rearm();
  };

  const rearm = async () => {
    const mine = ++generation;
    const moments = await readMoments().catch(() => []);
    if (closed || mine !== generation) return;
    clearTimeout(timer);
    const moment = nextReleaseInstant(moments, now() - AFTER_MOMENT_MS);
    next = moment === null ? null : moment + AFTER_MOMENT_MS;
    if (next === null) return;
    const instant = next;
    timer = setTimeout(() => void fire(instant), Math.min(Math.max(0, instant - now()), MAX_TIMER_MS));
    // A waiting release must not keep a stopping server alive.
    timer.unref();
  };

  const catchUp = async (builtAt: number) => {
    const current = now();
    const missed = (await readMoments().catch(() => [])).some((moment) => {
      const instant = releaseInstant(moment);
      return instant !== null && instant > builtAt && instant <= current;
    });
    if (!missed) return false;
    log.info('a release came out while the server was down: building');
    await publish().catch((error: unknown) => log.error({ err: error }, 'the catch-up build could not start'));
    return true;
  };

  return {
    rearm,
    catchUp,
    next: () => next,
    close: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}
