/**
 * The feeds (RSS 2.0, one per language): their address, and the document written from a list
 * of entries. Pure, for the build and the unit tests.
 */
import { HTML_LANGS, type Lang } from './languages.ts';
import { xmlText } from './xml-text.ts';

/** A language's feed, a file of the build (its own folder keeps the CDN's caching simple). */
export function feedPath(lang: Lang): string {
  return `/feeds/${lang}.rss`;
}

/** The feeds' media type, for the discovery links. */
export const FEED_TYPE = 'application/rss+xml';

/** One entry of a feed. */
export interface FeedItem {
  /** Stable and unique within the feed: `release:cocktail-n1`. */
  id: string;
  title: string;
  /** Absolute. */
  link: string;
  description: string;
  /** None for an entry the content gives no date (a video). */
  date: Date | null;
}

/** A feed's own facts. */
export interface FeedChannel {
  lang: Lang;
  title: string;
  description: string;
  /** Absolute: the site's page in that language. */
  link: string;
  /** Absolute: the feed's own address. */
  self: string;
}

/** The date of a content `released` value (`2023-04`, `2023-04-21`), at midnight UTC. */
export function releaseDate(released: string): Date | null {
  const [year, month = 1, day = 1] = released.split('-').map(Number);
  if (!year || !Number.isFinite(month) || !Number.isFinite(day)) return null;
  return new Date(Date.UTC(year, month - 1, day));
}

/** Dated entries newest first; undated ones (videos) after them, in the order given. */
export function newestFirst(items: readonly FeedItem[]): FeedItem[] {
  const dated = items.filter((item) => item.date).sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0));
  return [...dated, ...items.filter((item) => !item.date)];
}

/** The RSS 2.0 document of a channel and its entries (in the order given). */
export function rssXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  const newest = items.find((item) => item.date)?.date;
  const entries = items.map(
    (item) =>
      `<item><title>${xmlText(item.title)}</title><link>${xmlText(item.link)}</link>` +
      `<guid isPermaLink="false">${xmlText(item.id)}</guid>` +
      (item.date ? `<pubDate>${item.date.toUTCString()}</pubDate>` : '') +
      `<description>${xmlText(item.description)}</description></item>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>` +
    `<title>${xmlText(channel.title)}</title><link>${xmlText(channel.link)}</link>` +
    `<description>${xmlText(channel.description)}</description><language>${HTML_LANGS[channel.lang]}</language>` +
    `<atom:link href="${xmlText(channel.self)}" rel="self" type="${FEED_TYPE}"/>` +
    (newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : '') +
    `${entries.join('')}</channel></rss>\n`
  );
}
