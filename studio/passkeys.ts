/**
 * The signed-in person's passkeys, in the account panel: each with its name (or its date), when
 * it was added and last used; naming one, removing one, adding another, and signing out on
 * every device. Adding or removing a passkey first asks for one of the person's passkeys (a
 * step-up), so a stolen session alone changes nothing; each WebAuthn prompt has its own press,
 * as browsers ask.
 */
import { startAuthentication, startRegistration, browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  PASSKEY_NAME_MAX,
  passkeyRoute,
  STUDIO_AUTH_ROUTES,
  type PasskeySummary,
  type StudioSessionAnswer,
} from '../src/lib/studio-auth.ts';
import { del, post } from './api.ts';
import { confirmDialog } from './messages/confirm-dialog.ts';
import { h } from './dom.ts';
import { fill, type StudioLang, type StudioTexts } from './texts.ts';

export interface PasskeyPanelContext {
  lang: StudioLang;
  texts: StudioTexts;
  say: (text: string, kind?: 'info' | 'error') => void;
  /** Runs a button's action with the button disabled, telling any failure. */
  onPress: (button: HTMLButtonElement, action: () => Promise<void>) => void;
  /** Shows the signed-out page, then `note` on it. */
  signedOut: (note: string) => Promise<void>;
}

/** The answer when the removed passkey was the one this session signed in with. */
interface SignedOut {
  signedOut: true;
}

/** Proves one of the person's passkeys again: the next change of their passkeys is allowed. */
async function stepUp(): Promise<void> {
  const { options } = await post<{ options: PublicKeyCredentialRequestOptionsJSON }>(STUDIO_AUTH_ROUTES.stepUpOptions);
  const response = await startAuthentication({ optionsJSON: options });
  await post(STUDIO_AUTH_ROUTES.stepUpVerify, { response });
}

/** The panel, drawn from the session's answer. */
export function passkeyPanel(context: PasskeyPanelContext, session: StudioSessionAnswer): HTMLElement {
  const { texts, lang, say, onPress } = context;
  const words = texts.passkeys;
  const canPrompt = browserSupportsWebAuthn();
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const nameOf = (passkey: PasskeySummary) =>
    passkey.name ?? fill(words.defaultName, { date: day.format(new Date(passkey.createdAt)) });

  const list = h('ul', { class: 'passkey-list' });
  const note = h('p', { class: 'passkey-note' });
  const addArea = h('div', { class: 'account-actions' });
  const panel = h('section', { class: 'passkeys', 'aria-labelledby': 'passkeys-heading' });
  /** Where the focus goes when what held it was redrawn. */
  const heading = h('h2', { id: 'passkeys-heading', tabindex: '-1' }, words.heading);

  /** Asks to confirm a removal, then for a passkey held (the step-up); false when cancelled. */
  async function confirmedAndProved(title: string, text: string): Promise<boolean> {
    const asked = { heading: title, text, confirm: words.removeConfirm, cancel: words.cancel };
    if (!(await confirmDialog(asked, () => heading))) return false;
    say(words.confirm);
    await stepUp();
    return true;
  }

  let current: readonly PasskeySummary[] = [];
  // Shown only while there is another passkey to remove.
  const removeOthers = h('button', { type: 'button', class: 'secondary danger' }, words.removeOthers);
  function draw(passkeys: readonly PasskeySummary[]): void {
    current = passkeys;
    list.replaceChildren(...passkeys.map((passkey) => item(passkey, passkeys.length > 1)));
    note.textContent = passkeys.length > 1 ? '' : words.onlyOne;
    removeOthers.hidden = passkeys.length < 2;
  }

  function item(passkey: PasskeySummary, removable: boolean): HTMLLIElement {
    const name = nameOf(passkey);
    const facts = [
      fill(words.added, { date: day.format(new Date(passkey.createdAt)) }),
      passkey.lastUsedAt
        ? fill(words.lastUsed, { date: moment.format(new Date(passkey.lastUsedAt)) })
        : words.neverUsed,
      passkey.current && words.thisSession,
    ].filter((fact): fact is string => typeof fact === 'string');
    const rename = h(
      'button',
      { type: 'button', class: 'secondary', 'aria-label': fill(words.rename, { name }) },
      words.renameShort,
    );
    const remove = h(
      'button',
      { type: 'button', class: 'secondary danger', 'aria-label': fill(words.remove, { name }) },
      words.removeConfirm,
    );
    const actions = h('div', { class: 'passkey-actions' }, rename, removable && canPrompt && remove);
    const row = h(
      'li',
      {},
      h('p', { class: 'passkey-name' }, name),
      h('p', { class: 'passkey-facts' }, facts.join(' · ')),
      actions,
    );
    rename.addEventListener('click', () => row.replaceChildren(nameForm(passkey, name)));
    onPress(remove, async () => {
      if (!(await confirmedAndProved(words.removeHeading, words.removeText))) return;
      const answer = await del<StudioSessionAnswer | SignedOut>(passkeyRoute(STUDIO_AUTH_ROUTES.passkey, passkey.id));
      if ('signedOut' in answer) return context.signedOut(words.removed);
      draw(answer.passkeys);
      heading.focus();
      say(words.removed);
    });
    return row;
  }

  function nameForm(passkey: PasskeySummary, name: string): HTMLFormElement {
    const input = h('input', { type: 'text', maxlength: String(PASSKEY_NAME_MAX), autocomplete: 'off' });
    input.value = passkey.name ?? '';
    input.placeholder = name;
    const save = h('button', { type: 'submit' }, words.save);
    const cancel = h('button', { type: 'button', class: 'secondary' }, words.cancel);
    const form = h('form', { class: 'passkey-name-form' }, h('label', {}, words.nameLabel, input), save, cancel);
    cancel.addEventListener('click', () => {
      draw(current);
      heading.focus();
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      save.click();
    });
    onPress(save, async () => {
      const answer = await post<StudioSessionAnswer>(passkeyRoute(STUDIO_AUTH_ROUTES.passkeyName, passkey.id), {
        name: input.value,
      });
      draw(answer.passkeys);
      heading.focus();
    });
    queueMicrotask(() => input.focus());
    return form;
  }

  draw(session.passkeys);

  // Adding takes two presses: one to confirm with a passkey held, one to create the new one
  // (perhaps on another device, through the browser's own prompt).
  const add = h('button', { type: 'button', class: 'secondary' }, texts.addPasskey);
  onPress(add, async () => {
    say(words.confirm);
    await stepUp();
    const create = h('button', { type: 'button' }, words.create);
    onPress(create, async () => {
      const { options } = await post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        STUDIO_AUTH_ROUTES.passkeyOptions,
      );
      const response = await startRegistration({ optionsJSON: options });
      const answer = await post<StudioSessionAnswer>(STUDIO_AUTH_ROUTES.passkeyVerify, { response });
      draw(answer.passkeys);
      addArea.replaceChildren(add);
      add.focus();
      say(texts.passkeyAdded);
    });
    addArea.replaceChildren(create);
    create.focus();
    say(words.createNow);
  });
  // A session stays usable in a browser without passkeys; a change that asks for one could only fail there.
  if (canPrompt) addArea.append(add);

  const everywhere = h('button', { type: 'button', class: 'secondary' }, texts.signOutEverywhere);
  onPress(everywhere, async () => {
    await post(STUDIO_AUTH_ROUTES.signOutEverywhere);
    await context.signedOut(words.signedOutEverywhere);
  });
  onPress(removeOthers, async () => {
    if (!(await confirmedAndProved(words.removeOthersHeading, words.removeOthersText))) return;
    await post(STUDIO_AUTH_ROUTES.keepOnlyProvedPasskey);
    await context.signedOut(words.signedOutEverywhere);
  });

  panel.append(
    heading,
    list,
    note,
    addArea,
    h('p', { class: 'passkey-note' }, words.everywhereNote),
    h('div', { class: 'account-actions' }, everywhere, canPrompt && removeOthers),
  );
  return panel;
}
