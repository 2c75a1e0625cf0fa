/**
 * What an audio file says about itself, read with music-metadata: its tags, with the file
 * name standing in for a missing title and track number. Shared by the server's media library
 * and the release pages' track lists read at build time (Node only: it reads files).
 */
import { parseFile } from 'music-metadata';
import { trackFromFileName } from './track-order.ts';

export interface AudioTags {
  title: string;
  artist: string | null;
  album: string | null;
  trackNumber: number | null;
  /** Seconds. */
  duration: number;
  hasCover: boolean;
}

/** Reads the file at `path` (named `file` in its folder); throws when it holds no playable audio. */
export async function readAudioTags(path: string, file: string): Promise<AudioTags> {
  const { common, format } = await parseFile(path, { duration: true });
  // The parser is lenient: a file with no decodable audio comes back without a duration.
  if (!format.hasAudio || !format.duration || !Number.isFinite(format.duration)) {
    throw new Error('no playable audio found');
  }
  const fallback = trackFromFileName(file);
  return {
    title: common.title?.trim() || fallback.title,
    artist: common.artist?.trim() || null,
    album: common.album?.trim() || null,
    trackNumber: common.track.no ?? fallback.trackNumber,
    duration: format.duration,
    hasCover: (common.picture?.length ?? 0) > 0,
  };
}
