/**
 * How the media library names and orders the tracks of a playlist folder, shared by the
 * server's index (server/services/media/media-library.ts) and the release pages' track lists read
 * at build time (release-tracks.ts), so both list a folder alike.
 */
import { extensionOf } from './audio-formats.ts';

/** `01-Title.mp3` gives track number 1; the title keeps the prefix (what is shown strips it). */
export function trackFromFileName(file: string): { title: string; trackNumber: number | null } {
  const title = file.slice(0, file.length - extensionOf(file).length);
  const prefix = /^(\d+)/.exec(title);
  return { title, trackNumber: prefix ? Number(prefix[1]) : null };
}

/** By track number (tracks without one last), then by file name, numbers compared as numbers. */
export function compareTracks(
  a: { trackNumber: number | null; file: string },
  b: { trackNumber: number | null; file: string },
): number {
  return (
    (a.trackNumber ?? Number.MAX_SAFE_INTEGER) - (b.trackNumber ?? Number.MAX_SAFE_INTEGER) ||
    a.file.localeCompare(b.file, undefined, { numeric: true })
  );
}
