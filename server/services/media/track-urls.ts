/**
 * The public URLs of a track's audio and cover. Playlist and file names are encoded, and the
 * track's version makes each URL change with the file, so responses can be cached for a year.
 */
import type { Track } from './media-library.ts';

/** Where the audio is served: `/media` here, or `MEDIA_BASE_URL` (a CDN or object store). */
export function audioUrl(track: Track, mediaBaseUrl: string): string {
  return `${mediaBaseUrl}/${encodeURIComponent(track.playlist)}/${encodeURIComponent(track.file)}?v=${track.version}`;
}

/** The folder beside the playlists where the files made from the masters are served from. */
export const RENDITIONS_FOLDER = 'renditions';

/**
 * A file made from a master (a rendition or its waveform), under `renditions/` beside the
 * originals: its name carries its settings and its folder the master's content hash, so the
 * URL changes whenever the file would.
 */
export function renditionUrl(hash: string, file: string, mediaBaseUrl: string): string {
  return `${mediaBaseUrl}/${RENDITIONS_FOLDER}/${hash}/${file}`;
}

/** The embedded cover picture, served by this server (null when the file has none). */
export function coverUrl(track: Track): string | null {
  if (!track.hasCover) return null;
  return `/media-covers/${encodeURIComponent(track.playlist)}/${encodeURIComponent(track.file)}?v=${track.version}`;
}
