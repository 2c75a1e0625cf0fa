/** The flags' behaviour (LanguageFlags.astro): a flag followed is the visitor's language from then on. */
import { rememberLanguage } from '../lib/language-choice.ts';
import { isLang } from '../lib/languages.ts';

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-lang-choice]');
  const lang = link?.dataset['langChoice'];
  if (isLang(lang)) rememberLanguage(lang);
});
