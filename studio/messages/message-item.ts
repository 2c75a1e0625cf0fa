/**
 * One message of the inbox: a summary button (sender, date, the text's start; unread and
 * handled marked) that opens it, and once open its whole text, its mails' delivery and what
 * can be done with it.
 */
import type { InboxMessage } from '../../src/lib/studio-messages.ts';
import { fill } from '../texts.ts';
import { h } from '../dom.ts';
import { MESSAGES_TEXTS, type MessagesTexts } from './texts.ts';

/** The actions a message's buttons ask for; each names its button (`data-action`), so the focus can follow a redraw. */
export type ItemAction = 'toggle' | 'handled' | 'unread' | 'remove';

export interface ItemView {
  texts: MessagesTexts;
  /** Formats a date in the studio's language. */
  when: (iso: string) => string;
  open: boolean;
  act: (action: ItemAction, message: InboxMessage) => void;
}

/** The `mailto:` link of a reply: the sender's address and a "Re:" subject in the sender's language. */
export function replyLink(message: InboxMessage): string {
  // The address stays readable; everything else that could break the URL is encoded.
  const to = encodeURIComponent(message.email).replaceAll('%40', '@');
  return `mailto:${to}?subject=${encodeURIComponent(MESSAGES_TEXTS[message.lang].replySubject)}`;
}

/** The two delivery lines: the mail to the artist, and the auto-reply. */
function delivery(message: InboxMessage, { texts, when }: ItemView): HTMLElement {
  const values = {
    time: message.nextAttemptAt ? when(message.nextAttemptAt) : '',
    attempts: String(message.attempts),
    reason: message.reply.skipped ? texts.skipped[message.reply.skipped] : '',
  };
  return h(
    'ul',
    { class: 'delivery' },
    h(
      'li',
      { 'data-state': message.artist.state },
      `${texts.toYou}: ${fill(texts.artist[message.artist.state], values)}`,
    ),
    h(
      'li',
      { 'data-state': message.reply.state },
      `${texts.autoReply}: ${fill(texts.replyStates[message.reply.state], values)}`,
    ),
  );
}

const SNIPPET_LENGTH = 90;

/** The message as a list item. */
export function messageItem(message: InboxMessage, view: ItemView): HTMLLIElement {
  const { texts, when, act } = view;
  const bodyId = `message-${message.id}`;
  const button = (action: ItemAction, label: string, attributes: Record<string, string> = {}) => {
    const made = h('button', { type: 'button', class: 'secondary', 'data-action': action, ...attributes }, label);
    made.addEventListener('click', () => act(action, message));
    return made;
  };
  const snippet =
    message.message.length > SNIPPET_LENGTH ? `${message.message.slice(0, SNIPPET_LENGTH)}…` : message.message;
  const summary = h(
    'button',
    {
      type: 'button',
      class: 'summary',
      'data-action': 'toggle',
      'aria-expanded': String(view.open),
      'aria-controls': bodyId,
    },
    h('span', { class: 'who' }, message.name),
    message.readAt === null && h('span', { class: 'badge unread' }, texts.newBadge),
    message.handledAt !== null && h('span', { class: 'badge handled' }, texts.handledBadge),
    h('time', { datetime: message.createdAt }, when(message.createdAt)),
    // Once open, the whole text is below: the start of it would only repeat it.
    !view.open && h('span', { class: 'snippet' }, snippet),
  );
  summary.addEventListener('click', () => act('toggle', message));
  const handled = message.handledAt !== null;
  const body = h(
    'div',
    { id: bodyId, class: 'body', hidden: view.open ? false : '' },
    h(
      'p',
      { class: 'from' },
      `${texts.from}: ${message.name} <${message.email}> · ${texts.language}: ${texts.languages[message.lang]}`,
    ),
    h('p', { class: 'text' }, message.message),
    delivery(message, view),
    h(
      'div',
      { class: 'actions' },
      h('a', { class: 'button', href: replyLink(message) }, texts.reply),
      button('handled', handled ? texts.markNotHandled : texts.markHandled),
      button('unread', texts.markUnread),
      button('remove', texts.remove, { class: 'danger' }),
    ),
  );
  return h(
    'li',
    { class: 'message-item', 'data-id': String(message.id), 'data-unread': String(message.readAt === null) },
    h('h2', {}, summary),
    body,
  );
}
