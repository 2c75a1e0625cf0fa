/**
 * The releases' covers at the small size the hero panels and the player show (160 CSS px,
 * WebP, 1x and 2x), and the same files as Media Session artwork for the lock screen.
 */
import { getImage } from 'astro:assets';
import type { PlayerCovers, ReleaseArtwork } from '../lib/player-artwork.ts';
import { titleKey } from '../lib/track-titles.ts';
import { getReleases, type Release } from './site.ts';
import { tracksOf } from './track-texts.ts';

/** The width the hero panels show a cover at, in CSS pixels. */
export const SMALL_COVER_WIDTH = 160;

/** A cover at the small size, with its 2x candidate. */
export async function smallCover(release: Release): Promise<ReleaseArtwork> {
  const image = await getImage({
    src: release.cover,
    width: SMALL_COVER_WIDTH,
    widths: [SMALL_COVER_WIDTH, SMALL_COVER_WIDTH * 2],
    format: 'webp',
  });
  return {
    title: release.title,
    playlist: release.playlist,
    slug: release.slug,
    type: 'image/webp',
    images: image.srcSet.values.map((value) => ({
      src: value.url,
      width: value.transform.width ?? SMALL_COVER_WIDTH,
    })),
  };
}

/** A release's cover for the player, with its tracks' page slugs for a shared moment's link. */
async function playerRelease(release: Release): Promise<ReleaseArtwork> {
  const [cover, listed] = await Promise.all([smallCover(release), tracksOf(release)]);
  const tracks = listed.filter((track) => track.hasPage);
  if (tracks.length === 0) return cover;
  return { ...cover, tracks: Object.fromEntries(tracks.map((track) => [titleKey(track.title), track.slug])) };
}

/** Every release's small cover, and the logo (with the home-screen icon for lock screens). */
export async function playerCovers(): Promise<PlayerCovers> {
  const releases = await Promise.all((await getReleases()).map((release) => playerRelease(release)));
  return {
    releases,
    logo: {
      src: '/logo.svg',
      artwork: [
        { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
        { src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
  };
}
