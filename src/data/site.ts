/** Build-time access to the artist's content collections. */
import { getCollection, getEntry } from 'astro:content';
import videosFile from '../../content/videos.json';
import { parseDayMonthYear } from '../lib/dates.ts';
import { heroKeyClashes } from '../lib/hero-releases.ts';
import { libraryTracks } from '../lib/release-tracks.ts';

/** The site settings from `content/site.json`. */
export async function getSite() {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('content/site.json is missing');
  return entry.data;
}

/** The videos in the order the artist listed them (the collection itself is keyed by id). */
export async function getVideos() {
  const order = new Map(videosFile.videos.map((video, index) => [video.id, index]));
  return (await getCollection('videos'))
    .map((entry) => entry.data)
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** The poems, newest first, with their parsed dates. */
export async function getPoems() {
  const poems = await getCollection('poems');
  return poems
    .map((entry) => ({ id: entry.id, ...entry.data, published: parseDayMonthYear(entry.data.date) as Date, body: entry.body ?? '' }))
    .sort((a, b) => b.published.getTime() - a.published.getTime());
}

/** Newest first, as a discography reads. */
const byReleaseDate = (a: { released: string }, b: { released: string }) => b.released.localeCompare(a.released);

/**
 * The releases of `content/releases/`, newest first, each with its cover (the artist's own,
 * else a stand-in: see `content.config.ts`) and its tracks (the file's list, else the media
 * library's at build time, else none). `slug` is the file's name (the release page's address).
 */
export async function getReleases() {
  const entries = await getCollection('releases');
  const releases = await Promise.all(
    entries.map(async ({ id, data }) => {
      const tracks = data.tracks ?? (await libraryTracks(data));
      return { ...data, tracks, slug: id };
    }),
  );
  const clashes = heroKeyClashes(releases);
  if (clashes.length > 0) throw new Error(clashes.join('\n'));
  return releases.sort(byReleaseDate);
}

export type Release = Awaited<ReturnType<typeof getReleases>>[number];

export type Site = Awaited<ReturnType<typeof getSite>>;
