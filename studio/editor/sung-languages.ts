/**
 * The languages a track's lyrics can be sung in, offered by name: the artist picks "Iorubá"
 * rather than typing `yo`. The file keeps the BCP 47 code the site and the schema read.
 */
import type { Lang } from '../../src/lib/languages.ts';

/** The site's own three first, as the track files write them: the ones he sings in most. */
const SITE_LANGUAGES = ['pt-BR', 'en', 'es'];

/**
 * Then other languages songs are often sung in, among them those of Afro-Brazilian and
 * Latin American music (Yoruba, Kimbundu, Kongo, Guarani, Quechua, Haitian Creole).
 */
const OTHER_LANGUAGES = [
  'pt-PT',
  'ar',
  'ca',
  'de',
  'el',
  'fr',
  'gl',
  'gn',
  'he',
  'hi',
  'ht',
  'ig',
  'it',
  'ja',
  'kg',
  'kmb',
  'ko',
  'la',
  'ln',
  'qu',
  'ru',
  'sw',
  'tr',
  'wo',
  'yo',
  'zh',
  'zu',
];

/** Every code the list offers, the site's three first. */
export const SUNG_LANGUAGES = [...SITE_LANGUAGES, ...OTHER_LANGUAGES];

/** `text` with its first letter upper-case, as a list item starts ("Iorubá", not "iorubá"). */
const capitalized = (text: string, lang: Lang) => text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);

/** The select's options in `lang`: the site's three first, then the rest by name in that language. */
export function sungLanguageOptions(lang: Lang): { label: string; value: string }[] {
  const names = new Intl.DisplayNames([lang], { type: 'language', fallback: 'none' });
  const option = (value: string) => ({ value, label: capitalized(names.of(value) ?? value, lang) });
  const others = OTHER_LANGUAGES.map(option).sort((a, b) => a.label.localeCompare(b.label, lang));
  return [...SITE_LANGUAGES.map(option), ...others];
}
