/**
 * Build-time access to the tracks' lyrics and credits (`content/releases/<release>/*.json`),
 * matched to the releases' tracks; and the lyrics files the player's panel fetches: one per
 * track, named by its content, and an index of them by playlist and title.
 */
import { getCollection } from 'astro:content';
import { releaseTracks as matchTracks, type ReleaseTrack } from '../lib/track-texts.ts';
import { titleKey } from '../lib/track-titles.ts';
import type { LyricsFile, LyricsIndex, TrackLyrics } from '../lib/lyrics-versions.ts';
import { contentVersion, versionedPath } from './content-version.ts';
import { getReleases, type Release } from './site.ts';

export type { ReleaseTrack };

/** One track with its release. */
export interface TrackOfRelease {
  release: Release;
  track: ReleaseTrack;
}

let matched: Promise<Map<string, ReleaseTrack[]>> | undefined;

/** Every release's tracks with their texts; files that match no track are warned about once. */
export function getReleaseTracks(): Promise<Map<string, ReleaseTrack[]>> {
  matched ??= (async () => {
    const [releases, files] = await Promise.all([getReleases(), getCollection('trackTexts')]);
    // The build's clock, as the release pages read it to tell a release still to come.
    const { tracks, ignored } = matchTracks(releases, files, Date.now());
    for (const message of ignored) console.warn(`[lyrics] content/releases/${message}: ignored`);
    return tracks;
  })();
  return matched;
}

/** The tracks of one release, in order (none when its tracks are not known at build time). */
export async function tracksOf(release: Release): Promise<ReleaseTrack[]> {
  return (await getReleaseTracks()).get(release.slug) ?? [];
}

/** Every track that has its own page, with its release: the track pages and their lyrics. */
export async function allTracks(): Promise<TrackOfRelease[]> {
  const releases = await getReleases();
  const tracks = await getReleaseTracks();
  return releases.flatMap((release) =>
    (tracks.get(release.slug) ?? []).filter((track) => track.hasPage).map((track) => ({ release, track })),
  );
}

/** One track's lyrics file: its path under /lyrics/ and its body. */
export interface ServedLyrics {
  /**
   * `<release>.<track>.<version>`, the page route's param: flat, so the folder holds versioned
   * files only and a CDN caches it for good too (scripts/cdn-headers.ts).
   */
  file: string;
  body: string;
}

function lyricsFile(release: Release, track: ReleaseTrack, lyrics: TrackLyrics): ServedLyrics {
  const body = JSON.stringify({ title: track.title, ...lyrics } satisfies LyricsFile);
  return { file: `${release.slug}.${track.slug}.${contentVersion(body)}`, body };
}

/** Every track's lyrics file. */
export async function lyricsFiles(): Promise<ServedLyrics[]> {
  return (await allTracks()).flatMap(({ release, track }) =>
    track.lyrics ? [lyricsFile(release, track, track.lyrics)] : [],
  );
}

let lyricsIndex: Promise<string> | undefined;

/**
 * The index the player reads to know whether a track has lyrics: by playlist, then by the
 * track's title as titles are compared, the URL of its lyrics file. A single shares its
 * playlist, so the index is by playlist, not by release.
 */
export function lyricsIndexFile(): Promise<string> {
  // Every page's player names the index: it is made once per build.
  lyricsIndex ??= (async () => {
    const index: LyricsIndex = {};
    for (const { release, track } of await allTracks()) {
      if (!track.lyrics) continue;
      const playlist = (index[release.playlist] ??= {});
      playlist[titleKey(track.title)] = `/lyrics/${lyricsFile(release, track, track.lyrics).file}.json`;
    }
    return JSON.stringify(index);
  })();
  return lyricsIndex;
}

/** Where the index is served, or undefined when no track has lyrics (the player then asks nothing). */
export async function lyricsIndexUrl(): Promise<string | undefined> {
  const body = await lyricsIndexFile();
  return body === '{}' ? undefined : versionedPath('lyrics', contentVersion(body), 'json');
}
