/**
 * oEmbed answers (the rich type, an iframe of the embeddable player) for the site's release and
 * track pages, from the manifest the build writes beside them. Anything that is not such a page
 * of this site is a plain refusal: the answer never carries what the caller sent.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  COMPACT_PARAM,
  EMBED_MANIFEST_FILE,
  EMBED_SIZES,
  LANG_PARAM,
  THUMBNAIL_SIZE,
  embedPath,
  musicPageOf,
  type EmbedManifest,
} from '../../../src/lib/embeds.ts';
import { absoluteUrl } from '../../../src/lib/site-urls.ts';
import { xmlText } from '../../../src/lib/xml-text.ts';

/** The oEmbed 1.0 rich answer. */
export interface OembedAnswer {
  version: '1.0';
  type: 'rich';
  title: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url: string;
  thumbnail_width: number;
  thumbnail_height: number;
  cache_age: number;
}

/** How long a consumer may keep an answer, in seconds (a release's facts rarely change). */
export const OEMBED_CACHE_AGE = 86_400;

/** The manifest of a build folder, read once per folder (a publish serves a new folder). */
const manifests = new Map<string, Promise<EmbedManifest | null>>();
/** Folders whose manifest is kept: the served one and a few before it (a rollback). */
const KEPT_MANIFESTS = 4;

/** The build's oEmbed facts, or null when the build has none (built before embeds existed). */
export function manifestOf(dir: string): Promise<EmbedManifest | null> {
  let manifest = manifests.get(dir);
  if (!manifest) {
    manifest = readFile(join(dir, EMBED_MANIFEST_FILE), 'utf8')
      .then((text) => JSON.parse(text) as EmbedManifest)
      .catch(() => null);
    manifests.set(dir, manifest);
    // Maps iterate in insertion order: the oldest folder goes first.
    for (const old of [...manifests.keys()].slice(0, -KEPT_MANIFESTS)) manifests.delete(old);
  }
  return manifest;
}

/** A positive whole number of pixels from a query value, else none. */
function pixels(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,5}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/** The consumer's limits (`maxwidth`, `maxheight`) and whether it asked for the one-row player. */
export interface OembedOptions {
  maxwidth?: string | undefined;
  maxheight?: string | undefined;
}

/** The answer for `url`, or null when it names no release or track page of this build. */
export function oembedFor(url: string, manifest: EmbedManifest, options: OembedOptions = {}): OembedAnswer | null {
  const page = musicPageOf(url, manifest.siteUrl);
  if (!page) return null;
  const release = Object.hasOwn(manifest.releases, page.release) ? manifest.releases[page.release] : undefined;
  if (!release) return null;
  const trackTitle = page.track && Object.hasOwn(release.tracks, page.track) ? release.tracks[page.track] : undefined;
  if (page.track && trackTitle === undefined) return null;
  const title = trackTitle ?? release.title;
  // A narrow slot gets the one-row player; otherwise the full one, narrowed to fit.
  const full = page.track ? EMBED_SIZES.track : EMBED_SIZES.release;
  const maxHeight = pixels(options.maxheight);
  const compact = maxHeight !== null && maxHeight < full.height;
  const size = compact ? EMBED_SIZES.compact : full;
  const width = Math.min(size.width, pixels(options.maxwidth) ?? size.width);
  const src = new URL(absoluteUrl(manifest.siteUrl, embedPath(page.release, page.track)));
  src.searchParams.set(LANG_PARAM, page.lang);
  if (compact) src.searchParams.set(COMPACT_PARAM, '1');
  const html =
    `<iframe src="${xmlText(src.href)}" width="${width}" height="${size.height}" title="${xmlText(title)}"` +
    ` style="border:0" loading="lazy" allow="autoplay"></iframe>`;
  return {
    version: '1.0',
    type: 'rich',
    title,
    author_name: manifest.author,
    author_url: absoluteUrl(manifest.siteUrl, `/${page.lang}`),
    provider_name: manifest.provider,
    provider_url: absoluteUrl(manifest.siteUrl, '/'),
    html,
    width,
    height: size.height,
    thumbnail_url: absoluteUrl(manifest.siteUrl, release.thumbnail),
    thumbnail_width: THUMBNAIL_SIZE.width,
    thumbnail_height: THUMBNAIL_SIZE.height,
    cache_age: OEMBED_CACHE_AGE,
  };
}
