/**
 * The renditions service: makes in the background, one ffmpeg at a time, each track's
 * loudness-matched streaming renditions and waveform, keeps them in the cache folder, and tells
 * the API what is ready. Listeners never wait for it: a track is served as its file until then.
 * The index of what is made, each step's lock and failure note, and the loop of passes are
 * their own modules; this one decides what each pass makes, and in which order.
 */
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Log } from '../log.ts';
import type { MediaLibrary, Track } from '../media/media-library.ts';
import { analyse } from './analyse.ts';
import { ANALYSIS_FILE, CacheFolder, PEAKS_FILE, temporaryPathFor } from './cache-folder.ts';
import { FFMPEG_INSTALL_HINT, hasUsableFfmpeg } from './ffmpeg.ts';
import { encode, RENDITION_FORMATS } from './formats.ts';
import { DEFAULT_LIMITS, type RenditionLimits } from './limits.ts';
import type { LoudnessMode } from './loudness.ts';
import { passLoop } from './pass-loop.ts';
import { renditionIndex } from './rendition-index.ts';
import { renditionSteps } from './rendition-step.ts';
import { ANALYSIS_STEP, renditionFile, type TrackRenditions } from './track-state.ts';

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

  const hashes = new WeakMap<Track, string>();
  const index = renditionIndex(cache, canRender, mode, (track) => hashes.get(track));
  const aborter = new AbortController();
  let closed = false;

  const everyTrack = () => library.playlists().flatMap((playlist) => library.tracks(playlist.name));
  const publish = () => index.publish(everyTrack());
  const steps = renditionSteps({
    cache,
    limits,
    log,
    onJob: options.onJob,
    /** True when `track` (as the pass read it) is no longer the library's file at its path. */
    isStale: (track) => library.track(track.playlist, track.file)?.version !== track.version,
    closing: aborter.signal,
  });
  const { step, isDone, checkDuration } = steps;

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
      if (closed || !hash || index.stateOf(track)?.loudness) continue;
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
      const state = index.stateOf(track);
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
      const removed = await cache.prune(index.wantedFiles(tracks));
      if (removed.length > 0) log.info({ removed }, 'removed renditions no track needs any more');
    }
    return waiting;
  }

  const loop = passLoop({
    pass: settle,
    onError: (error) => log.warn({ reason: (error as Error).message }, 'the renditions pass failed'),
    retryMs: options.retryMs ?? 2_000,
    closing: aborter.signal,
  });
  const unsubscribe = library.onChange(() => {
    steps.cancelStale();
    loop.start();
  });
  loop.start();

  return {
    of: index.of,
    version: index.version,
    servedFile: index.servedFile,
    dir: cache.dir,
    canRender,
    idle: loop.idle,
    close: async () => {
      closed = true;
      unsubscribe();
      aborter.abort();
      await loop.stop();
    },
  };
}
