/**
 * The in-page language switch of the landing page without a language in its path
 * (`/samebloodscocktail`). A static host serves that page in one language to everyone, so the
 * page carries every text of all three languages and shows the visitor's (saved choice, then
 * browser language). Our server already sends the right language; the switch then finds
 * nothing to do, unless the saved choice lives only in the browser.
 */
import type { FanSignupTexts } from './fan-signup.ts';
import type { Lang } from './languages.ts';
import type { PlayerLabels } from './player-labels.ts';

/** One language's texts of the page. */
export interface LandingTexts {
  /** `<html lang>`. */
  htmlLang: string;
  /** `document.title`. */
  title: string;
  /** By key: `data-i18n` (text), `data-i18n-alt` (alt) and `data-i18n-label` (aria-label). */
  texts: Record<string, string>;
  /** The Player island's labels. */
  player: PlayerLabels;
  /** The fans' sign-up form: its texts, and the language it sends. */
  fans: FanSignupTexts;
}

export type LandingTextsByLang = Record<Lang, LandingTexts>;

/** The id of the JSON script element holding the texts; its `data-lang` is the page's language. */
export const LANDING_TEXTS_ID = 'landing-texts';

/** Writes one language's texts into the document: every marked element, the sign-up form, the title and lang. */
export function applyLandingTexts(doc: Document, texts: LandingTexts): void {
  const marks: [attribute: string, apply: (element: HTMLElement, text: string) => void][] = [
    ['i18n', (element, text) => (element.textContent = text)],
    ['i18nAlt', (element, text) => element.setAttribute('alt', text)],
    ['i18nLabel', (element, text) => element.setAttribute('aria-label', text)],
  ];
  for (const [attribute, apply] of marks) {
    const selector = `[data-${attribute.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}]`;
    for (const element of doc.querySelectorAll<HTMLElement>(selector)) {
      const text = texts.texts[element.dataset[attribute] ?? ''];
      if (text) apply(element, text);
    }
  }
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-fan-signup]'))
    applyFanSignupTexts(form, texts.fans);
  doc.title = texts.title;
  doc.documentElement.lang = texts.htmlLang;
}

/**
 * Writes the fans' sign-up form's texts (FanSignup.astro): its label, its button, and the
 * language it sends, which its answers are worded in.
 */
function applyFanSignupTexts(form: HTMLFormElement, texts: FanSignupTexts): void {
  const label = form.querySelector('label');
  const button = form.querySelector('button');
  const lang = form.elements.namedItem('lang');
  if (label) label.textContent = texts.label;
  if (button) button.textContent = texts.submit;
  if (lang instanceof HTMLInputElement) lang.value = texts.lang;
}
