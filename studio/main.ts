/**
 * The studio's page: signs the artist in with a passkey (or, from an invitation link, creates
 * their first one), then shows a small top bar (who, sign out, and the account's passkeys and
 * signing out everywhere), the menu of the studio's parts, and the part the address names, which loads only
 * once signed in.
 */
import { startAuthentication, startRegistration, browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  INVITATION_FRAGMENT_KEY,
  STUDIO_AUTH_ROUTES,
  STUDIO_LANG_COOKIE,
  STUDIO_SECTIONS,
  studioSectionAt,
  studioSectionPath,
  type StudioSection,
  type StudioSessionAnswer,
} from '../src/lib/studio-auth.ts';
import { get, post, StudioApiError } from './api.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '../src/lib/languages.ts';
import { passkeyPanel } from './passkeys.ts';
import { hasRequestToken, sendRequestTokenWithFetch } from './request-token.ts';
import { SECTION_MODULES } from './section.ts';
import { CHOSEN_LANG_KEY, fill, STUDIO_TEXTS, studioLang } from './texts.ts';

sendRequestTokenWithFetch();
const lang = studioLang(navigator.languages, localStorage.getItem(CHOSEN_LANG_KEY));
// The server's refusals in the same language (the editor's requests do not say which).
document.cookie = `${STUDIO_LANG_COOKIE}=${lang}; Path=/studio; SameSite=Strict${location.protocol === 'https:' ? '; Secure' : ''}`;
const texts = STUDIO_TEXTS[lang];
document.documentElement.lang = lang;
document.title = texts.title;

const root = document.getElementById('studio') as HTMLElement;

/** An element with its text and attributes. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text = '',
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text) created.textContent = text;
  return created;
}

/** The line that tells what happened, read out by screen readers. */
const message = element('p', { class: 'message', role: 'status' });
function say(text: string, kind: 'info' | 'error' = 'info'): void {
  message.textContent = text;
  message.dataset['kind'] = kind;
}

/** What to tell the person about a failure: the API's code, a cancelled prompt, no network. */
function explain(error: unknown): string {
  if (error instanceof StudioApiError) return error.code === 'offline' ? texts.offline : texts.errors[error.code];
  if (error instanceof Error && error.name === 'NotAllowedError') return texts.cancelled;
  return texts.errors.SERVER_ERROR;
}

/** Runs a button's action with the button disabled, telling any failure. */
function onPress(button: HTMLButtonElement, action: () => Promise<void>): void {
  button.addEventListener('click', () => {
    button.disabled = true;
    say('');
    action()
      .catch((error: unknown) => {
        say(explain(error), 'error');
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** The invitation token in the URL's fragment, if any. */
function invitationToken(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get(INVITATION_FRAGMENT_KEY);
}

/** A screen with a heading, a sentence and one button. */
function screen(heading: string, intro: string, label: string, action: () => Promise<void>): void {
  const section = element('section', { class: 'sign-in', 'aria-labelledby': 'studio-heading' });
  const button = element('button', { type: 'button' }, label);
  onPress(button, action);
  section.append(element('h1', { id: 'studio-heading' }, heading), element('p', {}, intro), button, message);
  root.replaceChildren(section);
  button.focus();
}

/** Signing in takes a passkey: a browser without them is told so, not given a button that fails. */
function showUnsupported(): void {
  root.replaceChildren(element('p', { class: 'message', 'data-kind': 'error' }, texts.unsupported));
}

/** What a person who is not signed in sees. */
async function showSignedOut(): Promise<void> {
  if (browserSupportsWebAuthn()) await showSignIn();
  else showUnsupported();
}

/** Where the note said after signing out waits for the page loaded again. */
const SIGNED_OUT_NOTE_KEY = 'studio-signed-out-note';

/**
 * Loads the page again, signed out, then says `note`: nothing of the ended session (the
 * editor's calls, an event stream) goes on running with it.
 */
function reloadSignedOut(note = ''): void {
  sessionStorage.setItem(SIGNED_OUT_NOTE_KEY, note);
  location.reload();
}

async function showSignIn(): Promise<void> {
  screen(texts.signInHeading, texts.signInIntro, texts.signIn, async () => {
    const { options } = await post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
      STUDIO_AUTH_ROUTES.signInOptions,
    );
    const response = await startAuthentication({ optionsJSON: options });
    await post(STUDIO_AUTH_ROUTES.signInVerify, { response });
    // The page again, now written with the new session's request token.
    location.reload();
  });
}

async function showInvitation(token: string): Promise<void> {
  let invited: { name: string; options: PublicKeyCredentialCreationOptionsJSON };
  try {
    invited = await post(STUDIO_AUTH_ROUTES.invitationOptions, { token });
  } catch (error) {
    // A used or expired link leads to the ordinary sign-in, saying why.
    history.replaceState(null, '', location.pathname);
    await showSignIn();
    say(explain(error), 'error');
    return;
  }
  screen(
    fill(texts.invitationHeading, { name: invited.name }),
    texts.invitationIntro,
    texts.createPasskey,
    async () => {
      // The options' challenge is used once: a second try asks for new ones.
      const { options } = await post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        STUDIO_AUTH_ROUTES.invitationOptions,
        { token },
      ).catch(() => invited);
      invited = { ...invited, options };
      const response = await startRegistration({ optionsJSON: options });
      await post(STUDIO_AUTH_ROUTES.invitationVerify, { token, response });
      history.replaceState(null, '', location.pathname);
      // The page again, now written with the new session's request token.
      location.reload();
    },
  );
}

/** The studio's language, chosen in it: kept in this browser, the page shown again in it. */
function languageChoice(): HTMLLabelElement {
  const label = element('label', { class: 'language' }, texts.language);
  const select = element('select');
  for (const code of LANGUAGES) {
    const option = element('option', { value: code, lang: code }, LANGUAGE_NAMES[code]);
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener('change', () => {
    localStorage.setItem(CHOSEN_LANG_KEY, select.value);
    location.reload();
  });
  label.append(select);
  return label;
}

/** The menu of the studio's parts, each a link to its own address; the current one marked. */
function sectionMenu(current: StudioSection): HTMLElement {
  const nav = element('nav', { class: 'sections', 'aria-label': texts.sectionsMenu });
  const list = element('ul');
  for (const section of STUDIO_SECTIONS) {
    const link = element('a', { href: studioSectionPath(section) }, texts.sections[section]);
    if (section === current) link.setAttribute('aria-current', 'page');
    const item = element('li');
    item.append(link);
    list.append(item);
  }
  nav.append(list);
  return nav;
}

/** The top bar, the menu, and the part the address names below them. */
async function showStudio(): Promise<void> {
  const section = studioSectionAt(location.pathname) ?? 'content';
  // The part's code (the editor's is large) downloads while the session is asked for: on a
  // weak signal each round trip costs half a second.
  const module = SECTION_MODULES[section]();
  // Awaited below; a failure while the session call fails first is not left unhandled.
  module.catch(() => undefined);
  const session = await get<StudioSessionAnswer>(STUDIO_AUTH_ROUTES.session);
  const { person } = session;
  const bar = element('header', { class: 'top-bar' });
  const signOut = element('button', { type: 'button', class: 'secondary' }, texts.signOut);
  onPress(signOut, async () => {
    await post(STUDIO_AUTH_ROUTES.signOut);
    reloadSignedOut();
  });
  // The account's actions fold away: on a phone the studio's own work gets the screen.
  const account = element('details', { class: 'account' });
  const actions = element('div', { class: 'account-actions' });
  actions.append(signOut);
  const signedOut = (note: string) => {
    reloadSignedOut(note);
    return Promise.resolve();
  };
  account.append(
    element('summary', {}, texts.account),
    actions,
    passkeyPanel({ lang, texts, say, onPress, signedOut }, session),
  );
  bar.append(element('p', { class: 'who' }, fill(texts.signedInAs, { name: person.name })), account, languageChoice());
  const part = element('div', { class: section === 'content' ? 'editor' : 'section' });
  // Until the part draws itself (the editor can take seconds on a phone), it says it is coming.
  part.append(element('p', { class: 'loading' }, texts.loading));
  root.replaceChildren(bar, sectionMenu(section), message, part);
  const { start } = await module;
  await start(part, { lang, texts, person, say, explain });
}

async function start(): Promise<void> {
  const token = invitationToken();
  if (token) {
    if (browserSupportsWebAuthn()) await showInvitation(token);
    else showUnsupported();
    return;
  }
  const signedOutPage = async () => {
    await showSignedOut();
    const note = sessionStorage.getItem(SIGNED_OUT_NOTE_KEY);
    sessionStorage.removeItem(SIGNED_OUT_NOTE_KEY);
    if (note) say(note);
  };
  // A page written without a request token was asked without a session: no call could pass.
  if (!hasRequestToken()) return signedOutPage();
  try {
    await showStudio();
  } catch (error) {
    if (!(error instanceof StudioApiError && error.status === 401)) throw error;
    await signedOutPage();
  }
}

start().catch((error: unknown) => {
  root.replaceChildren(message);
  say(explain(error), 'error');
});
