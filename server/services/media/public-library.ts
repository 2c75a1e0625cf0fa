/**
 * The media library as visitors see it: the tracks of a release still to come stay out of the
 * API and the audio routes until its moment (lib/withheld-music.ts), while the artist's studio
 * reads the whole library. The releases come from the build being served, the clock is read
 * at each request, so the music appears at its moment without a restart.
 */
import { createHash } from 'node:crypto';
import { nextReleaseInstant } from '../../../src/lib/pre-release.ts';
import { isReleaseTrack, upcomingReleases, type DatedRelease } from '../../../src/lib/withheld-music.ts';
import type { MediaLibrary, Track } from './media-library.ts';

export interface PublicLibrary extends MediaLibrary {
  /**
   * How long until the answers change by the clock alone (the next release's moment), in ms;
   * null when no release is to come. Caches must not keep an answer past it.
   */
  untilNextMoment(): number | null;
}

export function publicLibrary(
  library: MediaLibrary,
  datedReleases: () => readonly DatedRelease[],
  now: () => number = () => Date.now(),
): PublicLibrary {
  /** Whether a track is held back, or null when no release is to come (nothing is). */
  const withheldTest = (): ((track: Track) => boolean) | null => {
    const upcoming = upcomingReleases(datedReleases(), now());
    if (upcoming.length === 0) return null;
    return (track) => upcoming.some((release) => isReleaseTrack(release, track.playlist, track.title));
  };
  const shownTracks = (playlist: string, withheld: ((track: Track) => boolean) | null) => {
    const tracks = library.tracks(playlist);
    return withheld ? tracks.filter((track) => !withheld(track)) : tracks;
  };

  return {
    playlists() {
      const withheld = withheldTest();
      const playlists = library.playlists();
      if (!withheld) return playlists;
      // A playlist whose every track is held back is not listed until its moment.
      return playlists
        .map((playlist) => ({ ...playlist, trackCount: shownTracks(playlist.name, withheld).length }))
        .filter((playlist, index) => playlist.trackCount > 0 || playlists[index]?.trackCount === 0);
    },
    tracks: (playlist) => shownTracks(playlist, withheldTest()),
    track(playlist, file) {
      const track = library.track(playlist, file);
      return track && withheldTest()?.(track) ? undefined : track;
    },
    pathOf: (track) => library.pathOf(track),
    version() {
      // The answers change at a release's moment though the files did not: so does the version.
      const upcoming = upcomingReleases(datedReleases(), now());
      if (upcoming.length === 0) return library.version();
      const held = createHash('sha1').update(JSON.stringify(upcoming)).digest('base64url').slice(0, 8);
      return `${library.version()}.${held}`;
    },
    untilNextMoment() {
      const current = now();
      const moment = nextReleaseInstant(
        datedReleases().map((release) => release.releaseAt),
        current,
      );
      return moment === null ? null : moment - current;
    },
    rescan: () => library.rescan(),
    onChange: (listener) => library.onChange(listener),
    // The library is the app's to close, not this view's.
    close: () => undefined,
  };
}
