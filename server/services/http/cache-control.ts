/**
 * The Cache-Control values the site uses, and which static file gets which: one table for the
 * server (routes/site.ts, routes/media.ts) and the CDN's `_headers` file (scripts/cdn-headers.ts).
 */

/** A file whose URL changes with its content (hashed assets, versioned files and audio): a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but asked about again every time (an ETag makes the answer a cheap 304). */
export const REVALIDATE = 'no-cache';
/** A file whose URL never changes but whose content rarely does (the favicon, the logo). */
export const ONE_DAY = 'public, max-age=86400';

/**
 * A file named `<name>.<version>.<extension>` by the build (`/icons.ab12cd34ef.svg`): ten
 * hexadecimal digits, as `contentVersion` writes them. The path may be a .br or .gz variant.
 */
const VERSIONED_NAME = /\/[^/]+\.[0-9a-f]{10}\.[a-z]+(?:\.br|\.gz)?$/;

/**
 * The static files' caching, most specific first. scripts/cdn-headers.ts writes the same for a
 * CDN: `/_astro/*`, `/*.html`, and each other file of the build by its own name.
 */
export const STATIC_CACHE_RULES: readonly {
  matches: (path: string) => boolean;
  cacheControl: string;
}[] = [
  // Astro puts every content-hashed file under /_astro/. The path may be a .br or .gz variant.
  { matches: (path) => path.includes('/_astro/'), cacheControl: IMMUTABLE },
  // Files the build names by their content's version (src/data/content-version.ts).
  { matches: (path) => VERSIONED_NAME.test(path), cacheControl: IMMUTABLE },
  { matches: (path) => /\.html(?:\.br|\.gz)?$/.test(path), cacheControl: REVALIDATE },
  // The feeds keep their address while each build rewrites them: readers must see a new entry.
  { matches: (path) => path.includes('/feeds/'), cacheControl: REVALIDATE },
  { matches: () => true, cacheControl: ONE_DAY },
];

/** How a file of the build is cached. */
export function staticCacheControl(path: string): string {
  return STATIC_CACHE_RULES.find((rule) => rule.matches(path))?.cacheControl ?? ONE_DAY;
}

/** Whether a static file's URL changes with its content, so that any build holding it holds the same bytes. */
export function isImmutablePath(path: string): boolean {
  return staticCacheControl(path) === IMMUTABLE;
}
