import { HTML_LANGS, LANGUAGES, type Lang } from './languages.ts';

/** One `<link rel="alternate" hreflang>` of a page. */
export interface Alternate {
  hreflang: string;
  href: string;
}

/** Joins the site's origin and a path into an absolute URL. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).href;
}

/**
 * The hreflang alternates of a page that exists in every language: one per language, plus
 * `x-default` pointing at the page that picks the language itself.
 */
export function languageAlternates(
  siteUrl: string,
  pathFor: (lang: Lang) => string,
  xDefaultPath: string,
): Alternate[] {
  return [
    ...LANGUAGES.map((lang) => ({ hreflang: HTML_LANGS[lang], href: absoluteUrl(siteUrl, pathFor(lang)) })),
    { hreflang: 'x-default', href: absoluteUrl(siteUrl, xDefaultPath) },
  ];
}
