/**
 * Each track's state as the artist checks it, defined once for `npm run media` and the
 * studio's music page: its length, format, loudness before and after the renditions' gain,
 * which renditions are ready, pending or failed (and why), and where its waveform is.
 */
import { extensionOf } from '../../../src/lib/audio-formats.ts';
import { displayTitle } from '../../../src/lib/player-logic.ts';
import type { PlaylistListing, TrackListing } from '../../../src/lib/studio-music.ts';
import type { MediaLibrary, Track } from './media-library.ts';
import type { Renditions } from '../renditions/renditions.ts';

/** One track's facts. */
export function describeTrack(track: Track, renditions: Renditions): TrackListing {
  const made = renditions.of(track);
  const measured = made.loudness;
  return {
    file: track.file,
    // As the player shows it, so the artist finds his songs by the names listeners read.
    title: displayTitle(track.title),
    duration: track.duration,
    format: extensionOf(track.file).slice(1).toUpperCase(),
    size: track.size,
    status: made.status === 'unavailable' ? 'pending' : made.status,
    failure: made.status === 'failed' ? (made.failure ?? 'unknown reason') : null,
    loudness: measured && {
      before: { integrated: measured.integrated, truePeak: measured.truePeak },
      after: { integrated: measured.integrated + measured.gain, truePeak: measured.truePeak + measured.gain },
      gain: measured.gain,
    },
    renditions: made.renditions.map((rendition) => ({ format: rendition.format.id, bytes: rendition.bytes })),
    peaks: made.hash && made.peaks ? { hash: made.hash, file: made.peaks } : null,
  };
}

/** Every playlist with its tracks in order. */
export function describeCatalogue(library: MediaLibrary, renditions: Renditions): PlaylistListing[] {
  return library.playlists().map((playlist) => ({
    name: playlist.name,
    tracks: library.tracks(playlist.name).map((track) => describeTrack(track, renditions)),
  }));
}

/**
 * A failure's reason (ffmpeg's last line) for the studio's page, each absolute path in it cut
 * to its file's name: the artist needs the file, not where the server keeps it.
 */
export const withoutPaths = (reason: string | null): string | null =>
  reason?.replace(/(?:\/[^\s/:'"]+)+\/([^\s/:'"]+)/g, '$1') ?? null;
