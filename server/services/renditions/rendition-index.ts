/**
 * What the cache holds for every track, as the API reads it: each track's state, the files that
 * may be served, and a version that changes with any of them. Rebuilt after every step of a pass,
 * so it reads the folders again each time but each master's analysis only once.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Track } from '../media/media-library.ts';
import type { Analysis } from './analyse.ts';
import { ANALYSIS_FILE, type CacheFolder, HASH_PATTERN, PEAKS_FILE } from './cache-folder.ts';
import { RENDITION_FORMATS } from './formats.ts';
import type { LoudnessMode } from './loudness.ts';
import type { FailureNote } from './rendition-step.ts';
import {
  ANALYSIS_STEP,
  failureFile,
  gainsByTrack,
  renditionFile,
  trackState,
  type TrackRenditions,
} from './track-state.ts';

/** A folder not read yet. */
const NO_FILES: ReadonlyMap<string, number> = new Map();

export interface RenditionIndex {
  /** Reads what the cache holds for every track and publishes it. */
  publish: (tracks: readonly Track[]) => Promise<void>;
  /** What was published for the track, or undefined before it was. */
  stateOf: (track: Track) => TrackRenditions | undefined;
  /** What exists for a track now: nothing yet until it is published. */
  of: (track: Track) => TrackRenditions;
  /** Changes whenever what `of` answers for any track does. */
  version: () => string;
  /** The path of a served file (a rendition or the peaks) of a current master, or null. */
  servedFile: (hash: string, file: string) => string | null;
  /** Every file each current master's folder should keep. */
  wantedFiles: (tracks: readonly Track[]) => Map<string, Set<string>>;
}

/** The index over `cache`, where `hashOf` tells which master folder a track's file has. */
export function renditionIndex(
  cache: CacheFolder,
  canRender: boolean,
  mode: LoudnessMode,
  hashOf: (track: Track) => string | undefined,
): RenditionIndex {
  const nothingYet = trackState({ hash: null, files: NO_FILES, analysis: undefined, gain: undefined }, canRender).state;
  let states = new WeakMap<Track, TrackRenditions>();
  let served = new Map<string, Set<string>>();
  let stateVersion = '';

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
  async function publish(tracks: readonly Track[]): Promise<void> {
    const measured = new Map<Track, Analysis>();
    const files = new Map<string, ReadonlyMap<string, number>>();
    for (const track of tracks) {
      const hash = hashOf(track);
      if (!hash) continue;
      const listing = files.get(hash) ?? (await cache.filesOf(hash));
      files.set(hash, listing);
      const analysis = await analysisOf(hash, listing);
      if (analysis) measured.set(track, analysis);
    }
    const filesOf = (track: Track) => {
      const hash = hashOf(track);
      return (hash && files.get(hash)) || NO_FILES;
    };
    // A read master counts towards its release's gain unless its analysis failed for good.
    const measurable = new Set(
      tracks.filter(
        (track) =>
          hashOf(track) !== undefined && (measured.has(track) || !filesOf(track).has(failureFile(ANALYSIS_STEP))),
      ),
    );
    const gains = gainsByTrack(tracks, measured, measurable, mode);
    const nextStates = new WeakMap<Track, TrackRenditions>();
    const nextServed = new Map<string, Set<string>>();
    const digest = createHash('sha1');
    for (const track of tracks) {
      const hash = hashOf(track) ?? null;
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

  /** Every file each current master's folder should keep. */
  function wantedFiles(tracks: readonly Track[]): Map<string, Set<string>> {
    const wanted = new Map<string, Set<string>>();
    for (const track of tracks) {
      const hash = hashOf(track);
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

  return {
    publish,
    stateOf: (track) => states.get(track),
    of: (track) => states.get(track) ?? nothingYet,
    version: () => stateVersion,
    servedFile: (hash, file) =>
      HASH_PATTERN.test(hash) && served.get(hash)?.has(file) ? join(cache.folderOf(hash), file) : null,
    wantedFiles,
  };
}
