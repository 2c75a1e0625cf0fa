/** Build-time facts of the embeds: each release's tracks with their slugs, and oEmbed's manifest. */
import type { EmbedManifest } from '../lib/embeds.ts';
import { trackSlugs } from '../lib/track-slug.ts';
import { getReleases, getSite, type Release } from './site.ts';

/** A track of a release with its address segment. */
export interface SluggedTrack {
  slug: string;
  title: string;
  duration: string | undefined;
}

/** The release's listed tracks (its file's, else the media library's), each with its slug. */
export function sluggedTracks(release: Release): SluggedTrack[] {
  const tracks = release.tracks ?? [];
  const slugs = trackSlugs(tracks.map((track) => track.title));
  return tracks.map((track, index) => ({ slug: slugs[index] ?? '', title: track.title, duration: track.duration }));
}

/** What oEmbed answers from, written beside the pages so the server reads the build it serves. */
export async function embedManifest(): Promise<EmbedManifest> {
  const [site, releases] = await Promise.all([getSite(), getReleases()]);
  return {
    siteUrl: site.siteUrl,
    author: site.project,
    provider: site.artist,
    releases: Object.fromEntries(
      releases.map((release) => [
        release.slug,
        {
          title: release.title,
          thumbnail: `/cards/${release.slug}.jpg`,
          tracks: Object.fromEntries(sluggedTracks(release).map((track) => [track.slug, track.title])),
        },
      ]),
    ),
  };
}
