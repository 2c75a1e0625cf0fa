/**
 * A release's track list from the media library, read at build time so its page lists them, for a
 * release whose file lists no tracks: its playlist folder under MEDIA_DIR, read with the
 * server's rules (lib/audio-tags.ts, lib/track-order.ts). A single lives in the shared
 * Singles folder, so only its own track counts (found by title); an EP or album is its whole
 * folder. A missing folder, no audio, or no track of that title gives no list, never an error:
 * the page then shows none, and its structured data no `track` or `numTracks`.
 */
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isAudioFile } from './audio-formats.ts';
import { readAudioTags } from './audio-tags.ts';
import { DEFAULT_MEDIA_DIR } from './constants.ts';
import { displayTitle, formatTime } from './player-logic.ts';
import { applyOrder, readOrder } from './playlist-order.ts';
import { compareTracks } from './track-order.ts';
import { readTitles } from './track-names.ts';
import { isOwnTrack } from './track-titles.ts';

/** A track as a release page and its structured data list it: `M:SS`, as the content files write it. */
export interface ListedTrack {
  title: string;
  duration: string;
}

/** One audio file of a playlist folder, as its tags describe it. */
export interface FolderTrack {
  file: string;
  title: string;
  trackNumber: number | null;
  /** Seconds. */
  duration: number;
}

/** What of a release decides which tracks of its folder are its own. */
export interface ReleaseInFolder {
  title: string;
  kind: 'EP' | 'Single' | 'Album';
}

/** The folder the music is in: MEDIA_DIR, as the server reads it (same default). */
export function mediaDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env['MEDIA_DIR'] || DEFAULT_MEDIA_DIR);
}

/**
 * The release's own tracks among its folder's, in folder order (the artist's `order`, then by
 * track number): a single's one track (matched by title), or every track of an EP's or album's
 * folder. Empty when none is found.
 */
export function tracksOfRelease(
  release: ReleaseInFolder,
  folder: readonly FolderTrack[],
  order: readonly string[] = [],
): ListedTrack[] {
  const own = applyOrder([...folder].sort(compareTracks), order).filter((track) => isOwnTrack(release, track.title));
  // A single is one track, even where its folder holds two of its title.
  return (release.kind === 'Single' ? own.slice(0, 1) : own).map((track) => ({
    title: displayTitle(track.title),
    duration: formatTime(track.duration),
  }));
}

/** The audio files of one playlist folder with their tags; unreadable files are left out. */
export async function readPlaylistFolder(mediaDir: string, playlist: string): Promise<FolderTrack[]> {
  const folder = join(mediaDir, playlist);
  let files: string[];
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    files = entries.filter((entry) => entry.isFile() && isAudioFile(entry.name)).map((entry) => entry.name);
  } catch {
    // No such folder (the music is not on this machine): the page lists no tracks.
    return [];
  }
  const tracks: FolderTrack[] = [];
  const titles = await readTitles(folder);
  for (const file of files) {
    try {
      const tags = await readAudioTags(join(folder, file), file);
      tracks.push({
        file,
        title: titles.get(file) ?? tags.title,
        trackNumber: tags.trackNumber,
        duration: tags.duration,
      });
    } catch {
      // A broken file is the server's to report (it logs it when it indexes the folder).
    }
  }
  return tracks;
}

/** Folders already read in this build: the pages of every language ask for the same ones. */
const folders = new Map<string, Promise<{ tracks: FolderTrack[]; order: string[] }>>();

/** The release's tracks from the media library, or undefined when it has none there. */
export async function libraryTracks(
  release: ReleaseInFolder & { playlist: string },
  mediaDir = mediaDirFromEnv(),
): Promise<ListedTrack[] | undefined> {
  const key = join(mediaDir, release.playlist);
  let folder = folders.get(key);
  if (!folder) {
    folder = Promise.all([readPlaylistFolder(mediaDir, release.playlist), readOrder(key)]).then(([tracks, order]) => ({
      tracks,
      order,
    }));
    folders.set(key, folder);
  }
  const { tracks: folderTracks, order } = await folder;
  const tracks = tracksOfRelease(release, folderTracks, order);
  return tracks.length > 0 ? tracks : undefined;
}
