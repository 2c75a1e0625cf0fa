/**
 * Sending the sign-up form (FanSignup.astro), loaded when a visitor first uses it
 * (fan-signup.ts): the address goes as JSON and the status line says how it went, in the
 * language the form sends. The button waits while it goes; a refused address is marked on its
 * field; the address stays unless it was taken.
 */
// Only the answers' few sentences, of each language: they come with this module, when the form
// is used, rather than in every page's HTML, which must fit its first round trip.
import { signup as en } from '../i18n/locales/en/fans.json';
import { signup as es } from '../i18n/locales/es/fans.json';
import { signup as pt } from '../i18n/locales/pt/fans.json';
import { signUp, type SignUpOutcome } from '../lib/fan-signup.ts';
import { DEFAULT_LANG, isLang, type Lang } from '../lib/languages.ts';

const ANSWERS: Record<Lang, Record<SignUpOutcome, string>> = { pt, en, es };

const FORM = 'form[data-fan-signup]';
const sending = new WeakSet<HTMLFormElement>();

function parts(form: HTMLFormElement) {
  const email = form.elements.namedItem('email');
  const lang = form.elements.namedItem('lang');
  return {
    email: email instanceof HTMLInputElement ? email : null,
    lang: lang instanceof HTMLInputElement && isLang(lang.value) ? lang.value : DEFAULT_LANG,
    button: form.querySelector('button'),
    status: form.querySelector<HTMLElement>('[role="status"]'),
  };
}

/** Marks the field as refused, tied to the status line that says why, or takes the mark away. */
function markInvalid(email: HTMLInputElement, status: HTMLElement | null, invalid: boolean): void {
  if (invalid && status) {
    email.setAttribute('aria-invalid', 'true');
    email.setAttribute('aria-describedby', status.id);
  } else {
    email.removeAttribute('aria-invalid');
    email.removeAttribute('aria-describedby');
  }
}

function show(form: HTMLFormElement, outcome: SignUpOutcome | null): void {
  const { email, lang, status } = parts(form);
  if (status) {
    status.textContent = outcome ? ANSWERS[lang][outcome] : '';
    if (outcome) status.dataset['outcome'] = outcome;
    else delete status.dataset['outcome'];
  }
  if (email) markInvalid(email, status, outcome === 'invalid');
}

async function send(form: HTMLFormElement): Promise<void> {
  const { email, lang, button } = parts(form);
  if (!email) return;
  sending.add(form);
  // A disabled button loses the keyboard's focus: it gets it back once the answer is shown.
  const buttonFocused = button !== null && document.activeElement === button;
  if (button) button.disabled = true;
  show(form, null);
  const outcome = await signUp(email.value.trim(), lang);
  sending.delete(form);
  if (button) button.disabled = false;
  if (outcome === 'sent') email.value = '';
  show(form, outcome);
  if (outcome === 'invalid') email.focus();
  else if (buttonFocused && (document.activeElement === document.body || document.activeElement === null)) {
    button.focus();
  }
}

/** Sends `form`, once at a time: the browser's own validation (required, type="email") has passed. */
export function submit(form: HTMLFormElement): void {
  if (!sending.has(form)) void send(form);
}

// Typing again takes the refused mark away.
document.addEventListener('input', (event) => {
  const email = event.target;
  if (!(email instanceof HTMLInputElement) || email.getAttribute('aria-invalid') !== 'true') return;
  const form = email.closest<HTMLFormElement>(FORM);
  if (form) show(form, null);
});
