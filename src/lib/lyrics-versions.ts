/**
 * A track's lyrics as the pages and the player's panel show them: the versions a reader can
 * choose (the original, the translations) in the order they are offered, and their stanzas.
 * Imports nothing heavy: the player's lyrics panel carries it to the browser.
 */
import type { Lang } from './languages.ts';
import { titleKey } from './track-titles.ts';

/** A track's lyrics as the site carries them: the original, its language, its translations. */
export interface TrackLyrics {
  /** The BCP 47 tag of the language the track is sung in. */
  language: string;
  text: string;
  translations: Partial<Record<Lang, string>>;
}

/** One version of the lyrics a reader can choose: the original or a translation. */
export interface LyricsVersion {
  /** `original`, or the site language of the translation. */
  id: 'original' | Lang;
  language: string;
  text: string;
}

/** True when a BCP 47 tag is in the site language `lang` (`pt-BR` is in `pt`). */
function isIn(tag: string, lang: Lang): boolean {
  return tag.toLowerCase().split(/[-_]/)[0] === lang;
}

/**
 * The versions in the order they are offered: the page's language first (its translation, or
 * the original when it is sung in it), then the original, then the other translations. A
 * translation into the language the track is sung in adds nothing and is left out.
 */
export function lyricsVersions(lyrics: TrackLyrics, lang: Lang): LyricsVersion[] {
  const original: LyricsVersion = { id: 'original', language: lyrics.language, text: lyrics.text };
  const translations = (Object.entries(lyrics.translations) as [Lang, string | undefined][]).flatMap(
    ([id, text]): LyricsVersion[] => (text && !isIn(lyrics.language, id) ? [{ id, language: id, text }] : []),
  );
  const own = translations.find((version) => version.id === lang);
  const rest = translations.filter((version) => version !== own);
  return isIn(lyrics.language, lang) || !own ? [original, ...rest] : [own, original, ...rest];
}

/** The stanzas of a text (blank lines between them), each keeping its line breaks. */
export function stanzas(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((stanza) => stanza.replace(/^\n+|\s+$/g, ''))
    .filter((stanza) => stanza.length > 0);
}

/** A language's name in the reader's language, capitalised (`pt-BR` in `es` → `Portugués de Brasil`), else its tag. */
export function languageName(tag: string, readerLocale: string): string {
  try {
    const name = new Intl.DisplayNames([readerLocale], { type: 'language' }).of(tag) ?? tag;
    // Spanish and Portuguese write language names in lower case; here one starts a label.
    return name.charAt(0).toLocaleUpperCase(readerLocale) + name.slice(1);
  } catch {
    return tag;
  }
}

/** What `/lyrics/<release>.<track>.<version>.json` holds: the track's title and its lyrics. */
export interface LyricsFile extends TrackLyrics {
  title: string;
}

/** `/lyrics.<version>.json`: by playlist, then by title as titles are compared, a lyrics file's URL. */
export type LyricsIndex = Record<string, Record<string, string>>;

/** The URL of a track's lyrics file, or undefined when the track has none. */
export function lyricsUrlOf(index: LyricsIndex, playlist: string, title: string): string | undefined {
  return Object.hasOwn(index, playlist) ? index[playlist]?.[titleKey(title)] : undefined;
}
