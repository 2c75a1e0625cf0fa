/**
 * The renditions service: makes in the background, one ffmpeg at a time, each track's
 * loudness-matched streaming renditions and waveform, keeps them in the cache folder, and tells
 * the API what is ready. Listeners never wait for it: a track is served as its file until then.
 */
import { createHash } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Log } from '../log.ts';
import type { MediaLibrary, Track } from '../media/media-library.ts';
import { analyse, type Analysis } from './analyse.ts';
import { ANALYSIS_FILE, CacheFolder, HASH_PATTERN, PEAKS_FILE, temporaryPathFor, type Lock } from './cache-folder.ts';
import { FFMPEG_INSTALL_HINT, hasUsableFfmpeg } from './ffmpeg.ts';
import { encode, RENDITION_FORMATS } from './formats.ts';
import { clock, DEFAULT_LIMITS, LimitExceeded, limitsKey, type RenditionLimits } from './limits.ts';
import type { LoudnessMode } from './loudness.ts';
import { serialRunner } from '../serial-runner.ts';
import {
  ANALYSIS_STEP,
  failureFile,
  gainsByTrack,
  renditionFile,
  trackState,
  type TrackRenditions,
} from './track-state.ts';

export type { ReadyRendition, RenditionStatus, TrackRenditions } from './track-state.ts';

type Logger = Pick<Log, 'info' | 'warn'>;

export interface Renditions {
  /** What exists for a track now. */
  of(track: Track): TrackRenditions;
  /** Changes whenever what `of` answers for any track does (part of the API's ETags). */
  version(): string;
  /** The path of a served file (a rendition or the peaks) of a current master, or null. */
  servedFile(hash: string, file: string): string | null;
  /** The folder the served files are in. */
  readonly dir: string;
  /** True when this instance can make renditions (ffmpeg is there). */
  readonly canRender: boolean;
  /** Resolves once nothing is left to do (every track ready, failed, or waiting on another instance). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface RenditionsOptions {
  library: MediaLibrary;
  dir: string;
  ffmpeg: string;
  mode: LoudnessMode;
  log: Logger;
  /** Make what is missing (default true); false only reads what the cache holds. */
  render?: boolean;
  /** Told before each ffmpeg job (the `npm run media -- build` progress bar). */
  onJob?: (job: { track: Track; step: string }) => void;
  /** How soon to look again at a master another instance is working on, in ms. */
  retryMs?: number;
  /** How far one job may go (RENDITION_TIMEOUT_S, RENDITION_MAX_LENGTH_S). */
  limits?: Partial<RenditionLimits>;
}

/** What a failed step's note holds. */
interface FailureNote {
  reason: string;
  /** The limits it failed under, when a limit stopped it (see limitsKey). */
  limits?: string;
}

/** A folder not read yet. */
const NO_FILES: ReadonlyMap<string, number> = new Map();

export async function openRenditions(options: RenditionsOptions): Promise<Renditions> {
  const { library, log, mode } = options;
  const limits: RenditionLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const cache = await CacheFolder.open(options.dir);
  const canRender = (options.render ?? true) && (await hasUsableFfmpeg(options.ffmpeg));
  if ((options.render ?? true) && !canRender) {
    log.warn(
      { ffmpeg: options.ffmpeg },
      `ffmpeg (with libopus and aac) was not found at "${options.ffmpeg}": tracks are served as they are, without light renditions, loudness matching or waveforms. Install it with: ${FFMPEG_INSTALL_HINT}`,
    );
  }

  const nothingYet = trackState({ hash: null, files: NO_FILES, analysis: undefined, gain: undefined }, canRender).state;
  const hashes = new WeakMap<Track, string>();
  let states = new WeakMap<Track, TrackRenditions>();
  let served = new Map<string, Set<string>>();
  let stateVersion = '';
  const aborter = new AbortController();
  let closed = false;

  const everyTrack = () => library.playlists().flatMap((playlist) => library.tracks(playlist.name));
  /**
   * Each master's analysis, once read: it belongs to the master's content (its hash) and is
   * written once, so `publish`, which runs after every encode, lists each folder again but no
   * longer reads every track's analysis file each time (30 tracks: 900 reads → 30). The listing
   * still decides: a folder pruned or emptied by hand has no analysis any more.
   */
  const analyses = new Map<string, Analysis>();
  async function analysisOf(hash: string, listing: ReadonlyMap<string, number>): Promise<Analysis | null> {
    if (!listing.has(ANALYSIS_FILE)) {
      analyses.delete(hash);
      return null;
    }
    const known = analyses.get(hash);
    if (known) return known;
    const analysis = await cache.readJson<Analysis>(hash, ANALYSIS_FILE);
    if (analysis) analyses.set(hash, analysis);
    return analysis;
  }

  /** Reads what the cache holds for every track and publishes it. */
  async function publish(): Promise<void> {
    const tracks = everyTrack();
    const measured = new Map<Track, Analysis>();
    const files = new Map<string, ReadonlyMap<string, number>>();
    for (const track of tracks) {
      const hash = hashes.get(track);
      if (!hash) continue;
      const listing = files.get(hash) ?? (await cache.filesOf(hash));
      files.set(hash, listing);
      const analysis = await analysisOf(hash, listing);
      if (analysis) measured.set(track, analysis);
    }
    const filesOf = (track: Track) => {
      const hash = hashes.get(track);
      return (hash && files.get(hash)) || NO_FILES;
    };
    // A read master counts towards its release's gain unless its analysis failed for good.
    const measurable = new Set(
      tracks.filter(
        (track) => hashes.has(track) && (measured.has(track) || !filesOf(track).has(failureFile(ANALYSIS_STEP))),
      ),
    );
    const gains = gainsByTrack(tracks, measured, measurable, mode);
    const nextStates = new WeakMap<Track, TrackRenditions>();
    const nextServed = new Map<string, Set<string>>();
    const digest = createHash('sha1');
    for (const track of tracks) {
      const hash = hashes.get(track) ?? null;
      const folder = { hash, files: filesOf(track), analysis: measured.get(track), gain: gains.get(track) };
      const { state: read, failureNote } = trackState(folder, canRender);
      const state =
        failureNote && hash
          ? { ...read, failure: (await cache.readJson<FailureNote>(hash, failureNote))?.reason ?? null }
          : read;
      nextStates.set(track, state);
      if (hash) {
        const names = nextServed.get(hash) ?? new Set<string>();
        for (const rendition of state.renditions) names.add(rendition.file);
        if (state.peaks) names.add(state.peaks);
        nextServed.set(hash, names);
      }
      digest.update(`${track.version}\0${JSON.stringify(state)}\n`);
    }
    states = nextStates;
    served = nextServed;
    stateVersion = digest.digest('base64url').slice(0, 16);
  }

  /** The job running now, stopped when its master is removed or changed. */
  let current: { track: Track; cancel: AbortController } | null = null;
  /** True when `track` (as the pass read it) is no longer the library's file at its path. */
  const isStale = (track: Track) => library.track(track.playlist, track.file)?.version !== track.version;

  /**
   * Runs one step of a master's work under its lock; false when another instance holds the
   * lock (the pass will look again later). The work gets a signal that kills its ffmpeg when
   * the server closes, the master changes, or the time limit passes. A failure is logged with
   * the file's name and written down, so an unchanged file is not tried again.
   */
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
      await work(AbortSignal.any([aborter.signal, cancel.signal, timeout]));
    } catch (caught) {
      if (closed) return true;
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

  /**
   * True when a step's output, or the note of its failure, is in the master's folder. A note
   * of a limit other than today's does not count: raising a limit tries the master again.
   */
  async function isDone(hash: string, name: string, output: string): Promise<boolean> {
    const present = await cache.filesOf(hash);
    if (present.has(output)) return true;
    if (!present.has(failureFile(name))) return false;
    const note = await cache.readJson<FailureNote>(hash, failureFile(name));
    return note?.limits === undefined || note.limits === limitsKey(limits);
  }

  /** Refuses a master longer than a track may be. */
  function checkDuration(seconds: number): void {
    if (seconds > limits.maxLengthSeconds) throw new LimitExceeded(`longer than ${clock(limits.maxLengthSeconds)}`);
  }

  /**
   * One pass over the library: hashes each file, measures what is not measured yet, then
   * encodes what is missing, one ffmpeg at a time (listeners come first on a small machine).
   * True when some master was left to another instance holding its lock, to look at later.
   */
  async function settle(): Promise<boolean> {
    const tracks = everyTrack();
    for (const track of tracks) {
      if (closed) return false;
      try {
        hashes.set(track, await cache.hashOf(library.pathOf(track), track.version));
      } catch (error) {
        log.warn(
          { playlist: track.playlist, file: track.file, reason: (error as Error).message },
          'could not read a track',
        );
      }
    }
    await cache.saveSources(new Set(tracks.map((track) => library.pathOf(track))));
    await publish();
    if (!canRender) return false;

    let waiting = false;
    // Measure first: in album mode a gain needs the whole release measured.
    for (const track of tracks) {
      const hash = hashes.get(track);
      if (closed || !hash || states.get(track)?.loudness) continue;
      if (await isDone(hash, ANALYSIS_STEP, ANALYSIS_FILE)) continue;
      const done = await step(track, hash, ANALYSIS_STEP, ANALYSIS_FILE, async (signal) => {
        const maxSeconds = limits.maxLengthSeconds;
        const { analysis, peaks } = await analyse(options.ffmpeg, library.pathOf(track), { maxSeconds, signal });
        checkDuration(analysis.duration);
        await cache.writeJson(hash, PEAKS_FILE, peaks);
        await cache.writeJson(hash, ANALYSIS_FILE, analysis);
      });
      waiting ||= !done;
    }
    await publish();

    for (const track of tracks) {
      const hash = hashes.get(track);
      const state = states.get(track);
      if (closed || !hash || !state?.loudness) continue;
      const { gain, duration } = state.loudness;
      for (const format of RENDITION_FORMATS) {
        const file = renditionFile(format, gain);
        if (await isDone(hash, file, file)) continue;
        const done = await step(track, hash, file, file, async (signal) => {
          // Measured before the limit existed, or under a higher one.
          checkDuration(duration);
          const target = join(cache.folderOf(hash), file);
          const temporary = temporaryPathFor(target);
          try {
            await encode({
              ffmpeg: options.ffmpeg,
              source: library.pathOf(track),
              target: temporary,
              format,
              gainDb: gain,
              seconds: duration,
              signal,
            });
            await rename(temporary, target);
          } finally {
            await rm(temporary, { force: true });
          }
        });
        waiting ||= !done;
      }
      await publish();
    }

    if (!closed) {
      const removed = await cache.prune(wantedFiles(tracks));
      if (removed.length > 0) log.info({ removed }, 'removed renditions no track needs any more');
    }
    return waiting;
  }

  /** Every file each current master's folder should keep. */
  function wantedFiles(tracks: readonly Track[]): Map<string, Set<string>> {
    const wanted = new Map<string, Set<string>>();
    for (const track of tracks) {
      const hash = hashes.get(track);
      if (!hash) continue;
      const names = wanted.get(hash) ?? new Set([ANALYSIS_FILE, PEAKS_FILE, failureFile(ANALYSIS_STEP)]);
      const gain = states.get(track)?.loudness?.gain;
      if (gain !== undefined) {
        for (const format of RENDITION_FORMATS) {
          names.add(renditionFile(format, gain));
          names.add(failureFile(renditionFile(format, gain)));
        }
      }
      wanted.set(hash, names);
    }
    return wanted;
  }

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
      waiting = await settle();
    },
    onError: (error) => log.warn({ reason: (error as Error).message }, 'the renditions pass failed'),
    onIdle: () => {
      if (waiting && !closed) {
        retryTimer = setTimeout(start, options.retryMs ?? 2_000);
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

  const unsubscribe = library.onChange(() => {
    if (current && isStale(current.track)) current.cancel.abort();
    start();
  });
  start();

  return {
    of: (track) => states.get(track) ?? nothingYet,
    version: () => stateVersion,
    servedFile: (hash, file) =>
      HASH_PATTERN.test(hash) && served.get(hash)?.has(file) ? join(cache.folderOf(hash), file) : null,
    dir: cache.dir,
    canRender,
    idle: () =>
      new Promise<void>((resolve) => {
        if (!runner.busy() && !retryTimer) resolve();
        else idleWaiters.push(resolve);
      }),
    close: async () => {
      closed = true;
      unsubscribe();
      if (retryTimer) clearTimeout(retryTimer);
      aborter.abort();
      await runner.stop();
      for (const resolve of idleWaiters) resolve();
    },
  };
}
