import { chooseLanguage, DEFAULT_LANG, langFromTag, STORAGE_KEY } from './languages.ts';

/**
 * The inline script of `/`: picks the language (saved choice, then browser language) and
 * replaces the location, so the redirect leaves no history entry. It carries `chooseLanguage`
 * and the `langFromTag` it calls, as written (by whatever name the bundler gave them), so the
 * rule lives in one place.
 */
export const LANGUAGE_REDIRECT_SCRIPT = `(function(){var s=null;try{s=localStorage.getItem(${JSON.stringify(
  STORAGE_KEY,
)})}catch(e){}${langFromTag.toString()};var c=${chooseLanguage.toString()};location.replace('/'+c(s,navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||'']))})();`;

/**
 * The inline script of `404.html` for a static host: any unknown page goes to `/pt` without a
 * history entry, while a missing asset (a path whose last segment has an extension) stays a
 * real 404 page.
 */
export const NOT_FOUND_REDIRECT_SCRIPT = `(function(){var l=location.pathname.split('/').pop()||'';if(!/\\.[a-z0-9]+$/i.test(l))location.replace(${JSON.stringify(
  `/${DEFAULT_LANG}`,
)})})();`;
