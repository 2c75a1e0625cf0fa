/**
 * Saving the visitor's language choice in the browser: in localStorage (what the pages read)
 * and in a cookie (what the server reads to redirect `/` before any script runs).
 */
import { LANG_COOKIE, STORAGE_KEY, type Lang } from './languages.ts';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Remembers `lang` as the visitor's choice; storage being blocked is not an error. */
export function rememberLanguage(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private modes may refuse storage; the cookie still carries the choice.
  }
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
