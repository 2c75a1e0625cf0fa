/**
 * The artist's announcements, the newest first: each one's subject, where it is in words, and
 * while it goes out (and once it went) a bar and the figures of its progress; one still waiting
 * for its moment can be cancelled after a confirmation.
 */
import { FANS_ROUTES, type StudioAnnouncement } from '../../src/lib/studio-fans.ts';
import { del, StudioApiError } from '../api.ts';
import { h } from '../dom.ts';
import { confirmDialog } from '../messages/confirm-dialog.ts';
import type { SectionContext } from '../section.ts';
import { fill } from '../texts.ts';
import { ANNOUNCE_TEXTS } from './announce-texts.ts';
import { canCancel, progressWords, stateWords } from './announce-words.ts';
import { sentence } from './words.ts';

export interface ListContext extends Pick<SectionContext, 'lang' | 'say' | 'explain'> {
  /** Asks the server for the announcements again and draws them. */
  reload: () => Promise<void>;
}

export interface AnnouncementList {
  element: HTMLElement;
  /** Where the focus goes when the item it was on is gone, and after a send. */
  heading: HTMLElement;
  draw: (announcements: readonly StudioAnnouncement[]) => void;
}

export function announcementList({ lang, say, explain, reload }: ListContext): AnnouncementList {
  const t = ANNOUNCE_TEXTS[lang];
  const numbers = new Intl.NumberFormat(lang);
  const count = (n: number) => numbers.format(n);
  const moment = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const date = (iso: string) => moment.format(new Date(iso));

  const heading = h('h2', { id: 'announce-list-heading', tabindex: '-1' }, t.listHeading);
  const list = h('ul', { class: 'announcement-list', 'aria-labelledby': 'announce-list-heading' });
  const element = h('section', { class: 'announce-list', 'aria-labelledby': 'announce-list-heading' }, heading, list);
  element.hidden = true;

  const subjectOf = (announcement: StudioAnnouncement) => announcement.texts[lang].subject;
  const cancelButton = (id: number) => list.querySelector<HTMLElement>(`li[data-id="${id}"] .cancel`);

  async function cancel(announcement: StudioAnnouncement): Promise<void> {
    const subject = subjectOf(announcement);
    const asked = {
      heading: t.cancelHeading,
      text: fill(t.cancelText, { subject }),
      confirm: t.cancelConfirm,
      cancel: t.keepIt,
    };
    if (!(await confirmDialog(asked, () => cancelButton(announcement.id) ?? heading))) return;
    try {
      await del(FANS_ROUTES.announcement(announcement.id));
      say(fill(t.cancelled, { subject }));
    } catch (error) {
      // It started meanwhile (its moment came, or another device sent it): too late to cancel.
      if (!(error instanceof StudioApiError && error.status === 404)) throw error;
      say(fill(t.tooLate, { subject }), 'error');
    }
    await reload();
    // Its button is gone with the cancel: the focus goes to the list's heading.
    (cancelButton(announcement.id) ?? heading).focus();
  }

  function item(announcement: StudioAnnouncement, now: number): HTMLLIElement {
    const subject = subjectOf(announcement);
    const { state, total, waiting } = announcement;
    const figuresId = `announcement-${announcement.id}-figures`;
    const goingOut = state === 'sending' || state === 'sent';
    const figures = goingOut
      ? h('p', { class: 'announcement-figures', id: figuresId }, progressWords(announcement, t, count))
      : null;
    const bar =
      goingOut && total > 0
        ? h('progress', {
            max: String(total),
            value: String(total - waiting),
            'aria-label': t.progressLabel,
            'aria-describedby': figuresId,
          })
        : null;
    let button: HTMLButtonElement | null = null;
    if (canCancel(announcement, now)) {
      const made = h(
        'button',
        { type: 'button', class: 'secondary danger cancel', 'aria-label': fill(t.cancelLabel, { subject }) },
        t.cancel,
      );
      made.addEventListener('click', () => {
        cancel(announcement).catch((error: unknown) => say(explain(error), 'error'));
      });
      button = made;
    }
    return h(
      'li',
      { class: 'announcement', 'data-id': String(announcement.id), 'data-state': state },
      h('p', { class: 'announcement-subject' }, subject),
      h('p', { class: 'announcement-state' }, sentence(stateWords(announcement, t, date, now), lang)),
      bar,
      figures,
      button,
    );
  }

  return {
    element,
    heading,
    draw(announcements) {
      // A focus on a cancel button stays on it while that announcement can still be cancelled.
      const focused =
        document.activeElement instanceof HTMLElement && list.contains(document.activeElement)
          ? document.activeElement.closest('li')?.dataset['id']
          : undefined;
      const now = Date.now();
      list.replaceChildren(...announcements.map((announcement) => item(announcement, now)));
      element.hidden = announcements.length === 0;
      if (focused) (cancelButton(Number(focused)) ?? heading).focus();
    },
  };
}
