/**
 * The picture of what plays: the track's embedded cover, else its release's cover, else the
 * project's logo. The player shows it, and the lock screen (Media Session) gets it in the
 * sizes phones ask for. Pure, for the unit tests.
 */
import { titleKey } from './track-titles.ts';

/** One size of a picture, as Media Session takes it. */
export interface ArtworkImage {
  src: string;
  sizes?: string;
  type?: string;
}

/**
 * A release's cover as built for the player: the small picture's files, smallest first, each
 * square. Its `src`, `srcset` and lock-screen sizes are derived from them (below), rather than
 * written three times into the page's props.
 */
export interface ReleaseArtwork {
  title: string;
  playlist: string;
  /** The release page's address (`/{lang}/music/{slug}`), for a shared moment's link. */
  slug?: string | undefined;
  /** Its tracks' page slugs by title key (lib/track-titles.ts), where the build gave them pages. */
  tracks?: Record<string, string> | undefined;
  /** The files' MIME type (`image/webp`). */
  type: string;
  images: { src: string; width: number }[];
}

/** The picture shown in the player and the hero: its `src` (the smallest) and `srcset`. */
export function coverPicture(release: ReleaseArtwork): { src: string; srcSet: string } {
  return {
    src: release.images[0]?.src ?? '',
    srcSet: release.images.map((image) => `${image.src} ${String(image.width)}w`).join(', '),
  };
}

/** The same files as Media Session artwork, in the sizes phones ask for. */
export function coverArtwork(release: ReleaseArtwork): ArtworkImage[] {
  return release.images.map((image) => ({
    src: image.src,
    sizes: `${String(image.width)}x${String(image.width)}`,
    type: release.type,
  }));
}

/** What the player may show, given by the page. */
export interface PlayerCovers {
  releases: ReleaseArtwork[];
  logo: { src: string; artwork: ArtworkImage[] };
}

/** What the player shows for a track. */
export interface TrackPicture {
  src: string;
  srcSet?: string | undefined;
  artwork: ArtworkImage[];
  /** Where it came from, for the page and the tests. */
  source: 'track' | 'release' | 'logo';
}

/** The slug of the page of a release's track, if the build made one. */
export function trackPageSlug(release: ReleaseArtwork, trackTitle: string): string | undefined {
  const key = titleKey(trackTitle);
  return release.tracks && Object.hasOwn(release.tracks, key) ? release.tracks[key] : undefined;
}

/**
 * The release a track belongs to: the one of its playlist named like the track (a single),
 * else the playlist's only release; none when the playlist holds several and none matches.
 */
export function releaseOf(
  trackTitle: string,
  playlist: string | null,
  releases: readonly ReleaseArtwork[],
): ReleaseArtwork | undefined {
  const inPlaylist = releases.filter((release) => release.playlist === playlist);
  // The same reading of titles as a single's page uses to find its track (lib/track-titles.ts).
  const title = titleKey(trackTitle);
  return (
    inPlaylist.find((release) => titleKey(release.title) === title) ??
    (inPlaylist.length === 1 ? inPlaylist[0] : undefined)
  );
}

/**
 * The picture for a track of a playlist. An embedded cover's type and size are unknown until it
 * is fetched, so the lock screen gets its release's files instead when the track has one (the
 * same cover, made by the build at sizes it knows), and the bare embedded cover only without.
 */
export function trackPicture(
  track: { title: string; coverUrl: string | null },
  playlist: string | null,
  covers: PlayerCovers | null,
): TrackPicture | null {
  const release = covers ? releaseOf(track.title, playlist, covers.releases) : undefined;
  if (track.coverUrl) {
    const artwork = release ? coverArtwork(release) : [{ src: track.coverUrl }];
    return { src: track.coverUrl, artwork, source: 'track' };
  }
  if (!covers) return null;
  if (release) return { ...coverPicture(release), artwork: coverArtwork(release), source: 'release' };
  return { src: covers.logo.src, artwork: covers.logo.artwork, source: 'logo' };
}
