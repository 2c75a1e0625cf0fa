/**
 * The embeddable player's addresses and sizes, and the facts oEmbed answers from: shared by the
 * embed pages (build time), their script, the oEmbed route and the CDN headers, so each is
 * written once.
 */
import { isLang, langFromTag, type Lang } from './languages.ts';

/** Every embed page lives under this path; only there may another site frame the site. */
export const EMBED_PREFIX = '/embed';
/** The query parameter of the one-row variant. */
export const COMPACT_PARAM = 'compact';
/** The query parameter naming the embed's language. */
export const LANG_PARAM = 'lang';

/** The iframe's size oEmbed offers: a release with its track list, a single track, the one-row variant. */
export const EMBED_SIZES = {
  release: { width: 480, height: 420 },
  track: { width: 480, height: 200 },
  compact: { width: 480, height: 96 },
} as const;

/** Where oEmbed consumers ask (the pages' discovery links name it). */
export const OEMBED_PATH = '/oembed';

/** The discovery link's address for a page of the site: the oEmbed endpoint asked about that page. */
export function oembedDiscoveryUrl(siteUrl: string, pagePath: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  return `${origin}${OEMBED_PATH}?url=${encodeURIComponent(`${origin}${pagePath}`)}&format=json`;
}

/** Where the build writes the facts oEmbed answers from (a file of the site, read by the server). */
export const EMBED_MANIFEST_FILE = 'embeds.json';

/** What oEmbed needs to know of a release. */
export interface EmbedRelease {
  title: string;
  /** The release's social card, a path on the site (1200x630 JPEG). */
  thumbnail: string;
  /** Track slug to the track's title, in the release's order. */
  tracks: Record<string, string>;
}

/** The build's facts for oEmbed: the site's address, who made the music, and every release. */
export interface EmbedManifest {
  siteUrl: string;
  author: string;
  provider: string;
  releases: Record<string, EmbedRelease>;
}

/** The social card's size, as oEmbed reports the thumbnail's. */
export const THUMBNAIL_SIZE = { width: 1200, height: 630 } as const;

/** The embed page of a release, or of one of its tracks. */
export function embedPath(release: string, track?: string | null): string {
  return track ? `${EMBED_PREFIX}/${release}/${track}` : `${EMBED_PREFIX}/${release}`;
}

/** True for a path the embed pages answer (framable by any site). */
export function isEmbedPath(path: string): boolean {
  return path === EMBED_PREFIX || path.startsWith(`${EMBED_PREFIX}/`);
}

/** A release or track page of the site, as named by a URL a visitor shares. */
export interface MusicPage {
  lang: Lang;
  release: string;
  track: string | null;
}

/** One path segment as the build names releases and tracks: lower-case letters, digits, dashes. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The release (and track) a URL of this site names: `{site}/{lang}/music/{release}[/{track}]`,
 * over http or https of the site's own host, with or without a trailing slash. Anything else
 * (another host, credentials, a malformed URL, another page) is null.
 */
export function musicPageOf(url: string, siteUrl: string): MusicPage | null {
  let parsed: URL;
  let site: URL;
  try {
    parsed = new URL(url);
    site = new URL(siteUrl);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || parsed.hostname !== site.hostname) return null;
  // The site's own port, or none: http and https each on their default.
  if (parsed.port !== site.port) return null;
  const segments = parsed.pathname.replace(/\/$/, '').split('/').slice(1);
  const [lang, music, release, track, ...rest] = segments;
  if (!isLang(lang) || music !== 'music' || !release || rest.length > 0) return null;
  if (!SLUG.test(release) || (track !== undefined && !SLUG.test(track))) return null;
  return { lang, release, track: track ?? null };
}

/** The embed's language: `?lang=` when it names one of the site's, else the browser's first. */
export function embedLanguage(search: string, browserTags: readonly string[]): Lang {
  const asked = new URLSearchParams(search).get(LANG_PARAM);
  return isLang(asked) ? asked : langFromTag(browserTags[0]);
}

/**
 * The embed page's inline script, run before the first paint so the one-row variant never
 * draws the full layout first. It tests the query as `isCompact` does.
 */
export const EMBED_COMPACT_SCRIPT = `var q=new URLSearchParams(location.search),c=q.get(${JSON.stringify(COMPACT_PARAM)});if(c!==null&&c!=="0"&&c!=="false")document.documentElement.classList.add("compact");`;

/** True when the embed's query asks for the one-row variant. */
export function isCompact(search: string): boolean {
  const value = new URLSearchParams(search).get(COMPACT_PARAM);
  return value !== null && value !== '0' && value !== 'false';
}
