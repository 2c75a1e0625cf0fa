/**
 * Where a track's renditions stand (ready, pending, failed, unavailable), read from the files
 * in its master's folder, and the gain each measured track gets. Pure: the service lists the
 * folders and reads the notes.
 */
import type { Track } from '../media/media-library.ts';
import type { Analysis } from './analyse.ts';
import { PEAKS_FILE } from './cache-folder.ts';
import { RENDITION_FORMATS, settingsKey, type RenditionFormat } from './formats.ts';
import { gainsFor, type LoudnessMode } from './loudness.ts';

/** Where a track's renditions stand. */
export type RenditionStatus = 'ready' | 'pending' | 'failed' | 'unavailable';

export interface ReadyRendition {
  format: RenditionFormat;
  /** The file's name in its master's folder (part of its URL). */
  file: string;
  bytes: number;
}

export interface TrackRenditions {
  status: RenditionStatus;
  /** The hash of the master's content, which names its folder (null until it is read). */
  hash: string | null;
  /** Measured loudness and the gain baked into the renditions (null until measured). */
  loudness: (Analysis & { gain: number }) | null;
  /** The renditions that exist, lightest first. */
  renditions: ReadyRendition[];
  /** The waveform's file name, once it exists. */
  peaks: string | null;
  /** Why the last failed step failed, for the artist's listing. */
  failure: string | null;
}

/** The step that measures a master and makes its peaks. */
export const ANALYSIS_STEP = 'analysis';
/** The note a failed step leaves in its master's folder. */
export const failureFile = (step: string) => `failed-${step}.json`;
/** A rendition's file: its name changes with its settings and gain, so a change makes a new one. */
export const renditionFile = (format: RenditionFormat, gain: number) =>
  `${format.id}-${settingsKey(format, gain)}.${format.extension}`;

/** What one master's folder holds, as the service read it. */
export interface MasterFolder {
  /** The master's hash (null until it is read: then there are no files). */
  hash: string | null;
  /** The folder's files and their sizes. */
  files: ReadonlyMap<string, number>;
  /** The master's analysis, once measured. */
  analysis: Analysis | undefined;
  /** The gain its renditions carry, once known (see gainsByTrack). */
  gain: number | undefined;
}

/**
 * A track's renditions as its master's folder holds them. `failure` is left null: when a step
 * of the current settings failed, `failureNote` names the note that says why.
 */
export function trackState(
  { hash, files, analysis, gain }: MasterFolder,
  canRender: boolean,
): { state: TrackRenditions; failureNote: string | null } {
  const renditions: ReadyRendition[] = [];
  if (gain !== undefined) {
    for (const format of RENDITION_FORMATS) {
      const file = renditionFile(format, gain);
      const bytes = files.get(file);
      if (bytes !== undefined) renditions.push({ format, file, bytes });
    }
  }
  const peaks = files.has(PEAKS_FILE) ? PEAKS_FILE : null;
  // A note of other settings (an older gain) is no failure of what is wanted now.
  const wantedFailures = new Set([
    failureFile(ANALYSIS_STEP),
    ...(gain === undefined ? [] : RENDITION_FORMATS.map((format) => failureFile(renditionFile(format, gain)))),
  ]);
  const failure = [...files.keys()].find((name) => name.startsWith('failed-') && wantedFailures.has(name));
  const complete = renditions.length === RENDITION_FORMATS.length && peaks !== null;
  const state: TrackRenditions = {
    status: complete ? 'ready' : failure ? 'failed' : canRender ? 'pending' : 'unavailable',
    hash,
    loudness: analysis && gain !== undefined ? { ...analysis, gain } : null,
    renditions,
    peaks,
    failure: null,
  };
  return { state, failureNote: failure && hash ? failure : null };
}

/**
 * Each measured track's gain: its own, or in album mode its playlist's (a release). Only the
 * `measurable` tracks count: one that cannot be measured (refused or undecodable) is left out
 * of its release's gain, and album mode waits until every other track is measured.
 */
export function gainsByTrack(
  tracks: readonly Track[],
  measured: ReadonlyMap<Track, Analysis>,
  measurable: ReadonlySet<Track>,
  mode: LoudnessMode,
): Map<Track, number> {
  const gains = new Map<Track, number>();
  const byPlaylist = Map.groupBy(tracks, (track) => track.playlist);
  for (const playlistTracks of byPlaylist.values()) {
    const withAnalysis = playlistTracks.filter((track) => measured.has(track));
    const toMeasure = playlistTracks.filter((track) => measurable.has(track));
    if (mode === 'album' && withAnalysis.length < toMeasure.length) continue;
    const values = gainsFor(
      withAnalysis.map((track) => measured.get(track) as Analysis),
      mode,
    );
    withAnalysis.forEach((track, index) => gains.set(track, values[index] as number));
  }
  return gains;
}
