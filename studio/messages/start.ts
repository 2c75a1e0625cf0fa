/**
 * The studio's inbox: the contact messages newest first, the unread count (also in the page's
 * title), opening one marks it read; each can be marked handled or unread, answered by mail,
 * or deleted for good after a confirmation; the mails given up can be sent again; all can be
 * exported as JSON or CSV.
 */
import {
  INBOX_ROUTES,
  type InboxChange,
  type InboxChanged,
  type InboxMessage,
  type InboxPage,
  type InboxRetried,
} from '../../src/lib/studio-messages.ts';
import { del, get, post, StudioApiError } from '../api.ts';
import type { StartSection } from '../section.ts';
import { fill } from '../texts.ts';
import { confirmDialog } from './confirm-dialog.ts';
import { h } from '../dom.ts';
import { messageItem, type ItemAction } from './message-item.ts';
import { MESSAGES_TEXTS } from './texts.ts';
import './messages.css';
import { withRequestToken } from '../request-token.ts';

export const start: StartSection = async (root, { lang, texts: studioTexts, say, explain }) => {
  const texts = MESSAGES_TEXTS[lang];
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => dates.format(new Date(iso));

  const opened = new Set<number>();
  let unread = 0;
  let next: number | null = null;
  let failed = 0;

  const heading = h('h1', { id: 'inbox-heading', tabindex: '-1' }, texts.heading);
  const count = h('p', { class: 'unread-count' });
  const list = h('ul', { class: 'inbox', 'aria-labelledby': 'inbox-heading' });
  const empty = h('p', { class: 'empty', hidden: '' }, texts.empty);
  const more = h('button', { type: 'button', class: 'secondary more', hidden: '' }, texts.loadMore);
  const retry = h('button', { type: 'button', class: 'secondary retry', hidden: '' });
  const exports = h(
    'nav',
    { class: 'exports', 'aria-label': texts.exports },
    h(
      'a',
      { class: 'button secondary', href: withRequestToken(INBOX_ROUTES.exportJson), download: '' },
      texts.exportJson,
    ),
    h(
      'a',
      { class: 'button secondary', href: withRequestToken(INBOX_ROUTES.exportCsv), download: '' },
      texts.exportCsv,
    ),
  );
  root.replaceChildren(heading, count, retry, list, empty, more, exports);

  function showCount(): void {
    count.textContent =
      unread === 0 ? texts.allRead : unread === 1 ? texts.unreadOne : fill(texts.unread, { count: String(unread) });
    document.title = `${unread > 0 ? `(${unread}) ` : ''}${texts.heading} · ${studioTexts.title}`;
    empty.hidden = list.childElementCount > 0;
    more.hidden = next === null;
    retry.hidden = failed === 0;
    retry.textContent = fill(texts.retry, { count: String(failed) });
  }

  /**
   * Draws a message again in its place; a focus inside it stays on the same button (on its
   * summary when that button is gone), so an answer arriving late never moves it elsewhere.
   */
  function redraw(message: InboxMessage): void {
    const item = messageItem(message, { texts, when, open: opened.has(message.id), act });
    const old = list.querySelector(`li[data-id="${message.id}"]`);
    const focused =
      old && document.activeElement instanceof HTMLElement && old.contains(document.activeElement)
        ? (document.activeElement.dataset['action'] ?? 'toggle')
        : null;
    if (old) old.replaceWith(item);
    else list.append(item);
    if (!focused) return;
    const target = item.querySelector<HTMLElement>(`[data-action="${focused}"]`);
    (target ?? item.querySelector<HTMLElement>('[data-action="toggle"]'))?.focus();
  }

  async function change(message: InboxMessage, body: InboxChange, done?: string) {
    const answer = await post<InboxChanged>(INBOX_ROUTES.one(message.id), body);
    unread = answer.unread;
    if (answer.message) redraw(answer.message);
    showCount();
    if (done) say(done);
  }

  async function remove(message: InboxMessage): Promise<void> {
    const confirmed = await confirmDialog(
      {
        heading: texts.removeHeading,
        text: fill(texts.removeText, { name: message.name }),
        confirm: texts.removeConfirm,
        cancel: texts.cancel,
      },
      () => list.querySelector<HTMLElement>(`li[data-id="${message.id}"] [data-action="remove"]`) ?? heading,
    );
    if (!confirmed) return;
    // Already gone (deleted from another device): it is gone here too.
    const answer = await del<InboxChanged>(INBOX_ROUTES.one(message.id)).catch((error: unknown) => {
      if (error instanceof StudioApiError && error.status === 404) return { unread };
      throw error;
    });
    const item = list.querySelector(`li[data-id="${message.id}"]`);
    // The focus goes to the next message, else the one before, else the heading.
    const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
    item?.remove();
    unread = answer.unread;
    showCount();
    (neighbour?.querySelector<HTMLElement>('.summary') ?? heading).focus();
    say(texts.removed);
  }

  function act(action: ItemAction, message: InboxMessage): void {
    const run = async () => {
      switch (action) {
        case 'toggle':
          if (opened.has(message.id)) opened.delete(message.id);
          else opened.add(message.id);
          redraw(message);
          // Opening an unread message reads it.
          if (opened.has(message.id) && message.readAt === null) await change(message, { read: true });
          return;
        case 'handled': {
          const handled = message.handledAt === null;
          return change(message, { handled }, handled ? texts.handledDone : texts.notHandledDone);
        }
        case 'unread':
          opened.delete(message.id);
          return change(message, { read: false }, texts.unreadDone);
        case 'remove':
          return remove(message);
      }
    };
    run().catch((error: unknown) => say(explain(error), 'error'));
  }

  async function load(): Promise<void> {
    const page = await get<InboxPage>(`${INBOX_ROUTES.list}${next === null ? '' : `?before=${next}`}`);
    for (const message of page.messages) redraw(message);
    ({ unread, next, failed } = page);
    showCount();
  }

  /** Runs a button's action with the button disabled, telling any failure. */
  function onPress(button: HTMLButtonElement, action: () => Promise<void>): void {
    button.addEventListener('click', () => {
      button.disabled = true;
      action()
        .catch((error: unknown) => say(explain(error), 'error'))
        .finally(() => {
          button.disabled = false;
        });
    });
  }

  onPress(more, load);
  onPress(retry, async () => {
    const { retried } = await post<InboxRetried>(INBOX_ROUTES.retry);
    // The list again from the top, each message with its delivery as it is now.
    list.replaceChildren();
    next = null;
    await load();
    say(fill(texts.retried, { count: String(retried) }));
    (retry.hidden ? heading : retry).focus();
  });
  await load();
};
