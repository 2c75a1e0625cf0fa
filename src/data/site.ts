/** Build-time access to the artist's content collections. */
import { getCollection, getEntry } from 'astro:content';
import videoList from '../../content/videos.json';
import { parseDayMonthYear } from '../lib/dates.ts';

/** The site settings from `content/site.json`. */
export async function getSite() {
  const entry = await getEntry('site', 'site');
  if (!entry) throw new Error('content/site.json is missing');
  return entry.data;
}

/** The videos in the order the artist listed them (the collection itself is keyed by id). */
export async function getVideos() {
  const order = new Map(videoList.map((video, index) => [video.id, index]));
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

export type Site = Awaited<ReturnType<typeof getSite>>;
