/**
 * The site's languages and the pure rules that pick one. Shared by the pages (build time),
 * the browser scripts and the server, so it imports nothing.
 */

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Where redirects go when nothing says otherwise (an unknown page, a browser language the site lacks). */
export const DEFAULT_LANG: Lang = 'pt';
/** The language i18next falls back to for a missing key. */
export const FALLBACK_LANG: Lang = 'en';

/** Open Graph locales. */
export const OG_LOCALES: Record<Lang, string> = { pt: 'pt_BR', en: 'en_US', es: 'es_ES' };
/** BCP 47 tags for `<html lang>` and hreflang. */
export const HTML_LANGS: Record<Lang, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };
/** Each language's name in itself, for the flag buttons. */
export const LANGUAGE_NAMES: Record<Lang, string> = { pt: 'Português', en: 'English', es: 'Español' };

/**
 * Where the visitor's choice is saved in the browser. i18next's language detector uses this
 * key, so a returning visitor of the previous site keeps the language they chose there.
 */
export const STORAGE_KEY = 'i18nextLng';
/** The cookie mirroring that choice, so the server can redirect `/` before any script runs. */
export const LANG_COOKIE = 'lang';

/** The `getStaticPaths` of a page written once per language: `lang` as its param and its typed prop. */
export function pathsPerLanguage() {
  return LANGUAGES.map((lang) => ({ params: { lang }, props: { lang } }));
}

/** True when `value` is one of the site's language codes. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a browser language tag to a site language: en gives en, es gives es, anything else pt
 * (DEFAULT_LANG). Self-contained, with literals, so the redirect of `/` can run it as an
 * inline script (see `redirectScript`).
 */
export function langFromTag(tag: string | null | undefined): Lang {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en';
  if (primary === 'es') return 'es';
  return 'pt';
}

/**
 * The language to send a visitor to: the saved choice first, then the browser's first
 * language. It calls nothing but `langFromTag`, which the inline redirect script carries
 * beside it.
 */
export function chooseLanguage(saved: string | null | undefined, browserTags: readonly string[]): Lang {
  if (saved === 'pt' || saved === 'en' || saved === 'es') return saved;
  return langFromTag(browserTags[0]);
}

/** The language named by the first path segment, or null when it is not pt, en or es. */
export function langFromPath(pathname: string): Lang | null {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLang(first) ? first : null;
}

/**
 * The same page in another language: swaps the language segment, or inserts one when the
 * path has none (`/samebloodscocktail` becomes `/en/samebloodscocktail`).
 */
export function localizedPath(pathname: string, lang: Lang): string {
  const segments = pathname.split('/').filter(Boolean);
  if (isLang(segments[0])) segments[0] = lang;
  else segments.unshift(lang);
  return `/${segments.join('/')}`;
}
