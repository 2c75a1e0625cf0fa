/**
 * Where the server sends a visitor: `/` goes to the visitor's language (the saved choice in the
 * `lang` cookie, then Accept-Language), an unknown page goes to /pt, and a missing asset stays a
 * real 404.
 */
import Negotiator from 'negotiator';
import { chooseLanguage, DEFAULT_LANG, type Lang } from '../../../src/lib/languages.ts';

/** The languages an Accept-Language header asks for, most wanted first (by `negotiator`). */
export function acceptedLanguages(header: string | undefined): string[] {
  const languages = new Negotiator({ headers: { 'accept-language': header } }).languages();
  return languages.filter((tag) => tag !== '*');
}

/**
 * The language `/` sends a visitor to: the choice saved in the `lang` cookie, then the
 * browser's first language only (`de, en` gives pt), as the page's own redirect script decides.
 */
export function languageForRequest(savedChoice: string | undefined, acceptLanguage: string | undefined): Lang {
  return chooseLanguage(savedChoice, acceptedLanguages(acceptLanguage));
}

/** Where an unknown page goes. */
export const UNKNOWN_PAGE_TARGET = `/${DEFAULT_LANG}`;

/** Where the API answers: a miss there is answered in JSON, never with the 404 page. */
const API_PREFIXES = ['/api/', '/graphql'];
/** Prefixes that only ever hold files or API routes: a miss there is a 404, never a redirect. */
const NON_PAGE_PREFIXES = ['/_astro/', '/media/', ...API_PREFIXES];

/** True when a path is the API's. */
export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** True when a path names a file (its last segment has an extension) or an API/asset area. */
export function isAssetPath(pathname: string): boolean {
  if (NON_PAGE_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix)))
    return true;
  const last = pathname.split('/').pop() ?? '';
  return /\.[a-z0-9]+$/i.test(last);
}

/**
 * The canonical form of a path that ends in a slash: no slash at either end, and never the
 * start of a URL on another host. Browsers read a backslash as `/` in a path, so
 * `/\evil.example/` must not become `/\evil.example`, which they resolve to
 * https://evil.example/: every run
 * of slashes and backslashes at the start collapses into one `/`.
 */
export function withoutTrailingSlash(path: string): string {
  return `/${path.replace(/^[/\\]+|\/+$/g, '')}`;
}
