/**
 * Announcing to the fans, at the top of their part: the composer, folded until asked for, and
 * the announcements with their progress. While one goes out the list is asked for again every
 * few seconds, and only then: not while the page is hidden, nor once the part is gone.
 */
import { FANS_ROUTES, type AnnouncementsOverview, type StudioAnnouncement } from '../../src/lib/studio-fans.ts';
import { get, StudioApiError } from '../api.ts';
import type { SectionContext } from '../section.ts';
import { fill } from '../texts.ts';
import { announceComposer } from './announce-composer.ts';
import { announcementList } from './announce-list.ts';
import { ANNOUNCE_TEXTS } from './announce-texts.ts';
import { isUnderWay, justSent, progressWords } from './announce-words.ts';
import './announcements.css';

/** How often the list is asked for while an announcement goes out, in ms. */
const FOLLOW_MS = 2000;

export interface AnnouncementsContext extends Pick<SectionContext, 'lang' | 'say' | 'explain'> {
  /** How many fans are confirmed now, from the counts the part loaded. */
  confirmed: () => number;
}

/** Draws the announcements into `root`; resolves once they are listed, rejects when they could not be. */
export function startAnnouncements(
  root: HTMLElement,
  { lang, say, explain, confirmed }: AnnouncementsContext,
): Promise<void> {
  const t = ANNOUNCE_TEXTS[lang];
  const numbers = new Intl.NumberFormat(lang);
  const count = (n: number) => numbers.format(n);
  let shown: StudioAnnouncement[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const composer = announceComposer({ lang, say, explain, confirmed, created });
  const list = announcementList({ lang, say, explain, reload: load });
  root.replaceChildren(...composer.elements, list.element);

  function created(announcement: StudioAnnouncement): void {
    shown = [announcement, ...shown.filter((each) => each.id !== announcement.id)];
    list.draw(shown);
    // The composer folded away: the focus goes to where its progress shows.
    list.heading.focus();
    follow();
  }

  async function load(): Promise<void> {
    const overview = await get<AnnouncementsOverview>(FANS_ROUTES.announcements);
    for (const done of justSent(shown, overview.announcements)) {
      say(fill(t.finished, { subject: done.texts[lang].subject, progress: progressWords(done, t, count) }));
    }
    shown = overview.announcements;
    composer.setReleases(overview.releases);
    list.draw(shown);
    follow();
  }

  /** Asks again in a few seconds while one goes out, the page is shown and the part is there. */
  function follow(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!root.isConnected || document.visibilityState === 'hidden') return;
    const now = Date.now();
    if (!shown.some((announcement) => isUnderWay(announcement, now))) return;
    timer = setTimeout(() => {
      load().catch((error: unknown) => {
        say(explain(error), 'error');
        // A session that ended asks nothing more; a lost connection is tried again.
        if (!(error instanceof StudioApiError && error.status === 401)) follow();
      });
    }, FOLLOW_MS);
  }

  const onVisibility = () => {
    if (!root.isConnected) {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer);
      return;
    }
    // Back in sight: the list as it is now, then on following if one still goes out.
    if (document.visibilityState === 'visible' && shown.some((announcement) => isUnderWay(announcement, Date.now())))
      void load().catch((error: unknown) => say(explain(error), 'error'));
    else follow();
  };
  document.addEventListener('visibilitychange', onVisibility);
  addEventListener('pagehide', () => clearTimeout(timer));

  return load();
}
