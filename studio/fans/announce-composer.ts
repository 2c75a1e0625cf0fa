/**
 * Writing an announcement, folded under its heading until asked for: what to announce (a
 * release, whose words the server fills in for each language, or a free one), each language's
 * subject, text and link under its tab, the three mails as the fans will read them, a test copy
 * to the artist, and sending now or at the release's moment after a confirmation that says how
 * many fans get it. A field left empty, or refused by the server, is shown under its tab (see
 * announce-fields.ts), named in words.
 */
import { LANGUAGES, type Lang } from '../../src/lib/languages.ts';
import {
  FANS_ROUTES,
  type AnnounceableRelease,
  type AnnouncementDraft,
  type AnnouncementPreview,
  type NewAnnouncementRequest,
  type StudioAnnouncement,
  type TestRequest,
  type TestSent,
} from '../../src/lib/studio-fans.ts';
import { post, StudioApiError } from '../api.ts';
import { h } from '../dom.ts';
import { confirmDialog } from '../messages/confirm-dialog.ts';
import type { SectionContext } from '../section.ts';
import { fill } from '../texts.ts';
import { languageFields } from './announce-fields.ts';
import { ANNOUNCE_TEXTS } from './announce-texts.ts';
import {
  ANNOUNCE_FIELDS,
  comesOutLater,
  faultOf,
  faultWords,
  firstFault,
  releaseLabel,
  type FieldFault,
} from './announce-words.ts';
import { FANS_TEXTS } from './texts.ts';
import { countWords, sentence } from './words.ts';

export interface ComposerContext extends Pick<SectionContext, 'lang' | 'say' | 'explain'> {
  /** How many fans are confirmed now, from the counts the part loaded. */
  confirmed: () => number;
  /** Told of each announcement once the server has it. */
  created: (announcement: StudioAnnouncement) => void;
}

export interface Composer {
  /** The heading with its button, and the composer it unfolds. */
  elements: HTMLElement[];
  /** The releases to choose from, as the server lists them. */
  setReleases: (releases: readonly AnnounceableRelease[]) => void;
}

/** The composer; its ids are the page's own (the fans' part draws one). */
export function announceComposer({ lang, say, explain, confirmed, created }: ComposerContext): Composer {
  const t = ANNOUNCE_TEXTS[lang];
  const { languages } = FANS_TEXTS[lang];
  const numbers = new Intl.NumberFormat(lang);
  const count = (n: number) => numbers.format(n);
  const moment = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const date = (iso: string) => moment.format(new Date(iso));
  const languageName = (code: Lang) => sentence(languages[code], lang);

  let releases: readonly AnnounceableRelease[] = [];
  /** The release whose words the fields were filled with ('' when free). */
  let chosen = '';

  const toggle = h(
    'button',
    { type: 'button', class: 'announce-toggle', 'aria-expanded': 'false', 'aria-controls': 'announce-composer' },
    t.open,
  );
  const what = h('select', { id: 'announce-what' });

  const words = languageFields(lang, () => stalePreview());

  const previewBox = h('section', { class: 'announce-preview', 'aria-labelledby': 'announce-preview-heading' });
  previewBox.hidden = true;
  const previewButton = h('button', { type: 'button', class: 'secondary' }, t.preview);
  const testButton = h('button', { type: 'button', class: 'secondary' }, t.test);
  const nowButton = h('button', { type: 'button' }, t.sendNow);
  const atReleaseButton = h('button', { type: 'button' }, t.sendAtRelease);
  atReleaseButton.hidden = true;

  const composer = h(
    'div',
    { class: 'announce-composer', id: 'announce-composer' },
    h('p', {}, t.intro),
    h('div', { class: 'announce-field' }, h('label', { for: 'announce-what' }, t.what), what),
    words.tablist,
    ...words.panels,
    h('div', { class: 'announce-actions' }, previewButton, testButton),
    previewBox,
    h('div', { class: 'announce-actions' }, nowButton, atReleaseButton),
  );
  composer.hidden = true;

  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    composer.hidden = !open;
  });

  function write(texts: AnnouncementDraft | null): void {
    words.write(texts);
    stalePreview();
  }

  /** The words as filled in last: typed over, they are not replaced without asking. */
  let filled = JSON.stringify(words.read());
  const edited = () => {
    const texts = words.read();
    return (
      JSON.stringify(texts) !== filled && LANGUAGES.some((code) => ANNOUNCE_FIELDS.some((name) => texts[code][name]))
    );
  };

  /** Tells the field's problem under it, on its tab, with the focus in it, and on the status line. */
  function showFault(fault: FieldFault): void {
    const problem = faultWords(fault, t, languages, count);
    words.showFault(fault, problem);
    say(problem, 'error');
  }

  /** A refusal that names a field is shown at the field; any other is told. */
  function tell(error: unknown): void {
    const fault = error instanceof StudioApiError && error.code === 'INVALID_REQUEST' ? faultOf(error.detail) : null;
    if (fault) showFault(fault);
    else say(explain(error), 'error');
  }

  /** The words, once every field holds something and each link is a page's address; else null, the first problem shown. */
  function checked(): AnnouncementDraft | null {
    const texts = words.read();
    const fault = firstFault(texts);
    if (!fault) return texts;
    showFault(fault);
    return null;
  }

  /** The preview's cover, a blob: address released with the preview. */
  let coverUrl: string | null = null;

  /** A preview of other words than the fields' would mislead: it goes. */
  function stalePreview(): void {
    previewBox.hidden = true;
    previewBox.replaceChildren();
    if (coverUrl) URL.revokeObjectURL(coverUrl);
    coverUrl = null;
  }

  /**
   * The release's cover as its mails carry it, or null when the server cannot make it (the mails
   * then go without it) or cannot be reached.
   */
  async function fetchCover(slug: string): Promise<string | null> {
    const answer = await fetch(FANS_ROUTES.cover(slug), { credentials: 'same-origin' }).catch(() => null);
    return answer?.ok ? URL.createObjectURL(await answer.blob()) : null;
  }

  const release = (): AnnounceableRelease | undefined => releases.find((each) => each.slug === what.value);
  const showSendButtons = () => {
    const chosenRelease = release();
    atReleaseButton.hidden = !(chosenRelease && comesOutLater(chosenRelease, Date.now()));
  };

  async function choose(): Promise<void> {
    const picked = release();
    showSendButtons();
    // A free announcement keeps the words there are, to write over.
    if (!picked) {
      chosen = '';
      return;
    }
    const replace = {
      heading: t.replaceHeading,
      text: fill(t.replaceText, { title: picked.title }),
      confirm: t.replaceConfirm,
      cancel: t.keep,
    };
    if (edited() && !(await confirmDialog(replace, () => what))) {
      what.value = chosen;
      showSendButtons();
      return;
    }
    say(fill(t.drafting, { title: picked.title }));
    try {
      const draft = await post<AnnouncementDraft>(FANS_ROUTES.draft, { release: picked.slug });
      // Another choice was made meanwhile: its own answer fills the fields.
      if (what.value !== picked.slug) return;
      write(draft);
      chosen = picked.slug;
      filled = JSON.stringify(words.read());
      say(fill(t.drafted, { title: picked.title }));
    } catch (error) {
      what.value = chosen;
      showSendButtons();
      throw error;
    }
  }
  what.addEventListener('change', () => void choose().catch(tell));

  async function preview(): Promise<void> {
    const texts = checked();
    if (!texts) return;
    say(t.previewing);
    const mails = await post<AnnouncementPreview>(FANS_ROUTES.preview, { texts });
    const heading = h('h3', { id: 'announce-preview-heading', tabindex: '-1' }, t.previewHeading);
    // The release's cover heads each mail, as the fans will see it (decorative: the words name the
    // release). Fetched once for the three mails, each run of ffmpeg on the server being its own.
    const picked = release();
    const fetched = picked?.hasCover ? await fetchCover(picked.slug) : null;
    if (coverUrl) URL.revokeObjectURL(coverUrl);
    coverUrl = fetched;
    const cover = () => (coverUrl ? [h('img', { class: 'preview-cover', src: coverUrl, alt: '' })] : []);
    previewBox.replaceChildren(
      heading,
      ...LANGUAGES.map((code) =>
        h(
          'article',
          { class: 'preview-mail', 'aria-labelledby': `announce-preview-${code}` },
          h('h4', { id: `announce-preview-${code}` }, languageName(code)),
          ...cover(),
          h(
            'p',
            { class: 'preview-subject' },
            h('span', { class: 'preview-label' }, `${t.fields.subject}: `),
            h('span', { lang: code }, mails[code].subject),
          ),
          // Plain text as the mail carries it: its line breaks kept by the style, never read as HTML.
          h('p', { class: 'preview-text', lang: code }, mails[code].text),
        ),
      ),
    );
    previewBox.hidden = false;
    heading.focus();
    say(t.previewReady);
  }

  async function test(): Promise<void> {
    const texts = checked();
    if (!texts) return;
    say(t.testing);
    await post<TestSent>(FANS_ROUTES.test, { texts, release: release()?.slug ?? null } satisfies TestRequest);
    say(t.tested);
  }

  async function send(when: NewAnnouncementRequest['when'], button: HTMLButtonElement): Promise<void> {
    const texts = checked();
    if (!texts) return;
    const picked = release() ?? null;
    const fans = confirmed();
    const asked =
      when === 'release' && picked?.releaseAt
        ? {
            heading: t.atReleaseHeading,
            text: fill(countWords(t.atReleaseText, fans, count), { date: date(picked.releaseAt) }),
            confirm: t.atReleaseConfirm,
          }
        : { heading: t.nowHeading, text: countWords(t.nowText, fans, count), confirm: t.nowConfirm };
    if (!(await confirmDialog({ ...asked, cancel: t.back }, () => button))) return;
    say(t.sending);
    const request: NewAnnouncementRequest = { release: picked?.slug ?? null, texts, when };
    const announcement = await post<StudioAnnouncement>(FANS_ROUTES.announcements, request);
    // Sent once: the composer is emptied and folded, so the same words do not go out twice.
    what.value = '';
    chosen = '';
    write(null);
    filled = JSON.stringify(words.read());
    showSendButtons();
    words.showTab(lang);
    toggle.setAttribute('aria-expanded', 'false');
    composer.hidden = true;
    say(when === 'now' ? t.sentNow : fill(t.scheduled, { date: date(announcement.sendAt) }));
    created(announcement);
  }

  /**
   * Runs a button's action, the button marked busy meanwhile rather than disabled: a disabled
   * button would drop the focus, and the person would have to find their place again.
   */
  function onPress(button: HTMLButtonElement, action: () => Promise<void>): void {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-disabled') === 'true') return;
      button.setAttribute('aria-disabled', 'true');
      void action()
        .catch(tell)
        .finally(() => button.removeAttribute('aria-disabled'));
    });
  }
  onPress(previewButton, preview);
  onPress(testButton, test);
  onPress(nowButton, () => send('now', nowButton));
  onPress(atReleaseButton, () => send('release', atReleaseButton));

  return {
    elements: [h('h2', { class: 'announce-heading' }, toggle), composer],
    setReleases(next) {
      // Asked again while an announcement goes out: the same list leaves the choice (and an open picker) alone.
      if (JSON.stringify(next) === JSON.stringify(releases) && what.options.length > 0) return;
      releases = next;
      const current = what.value;
      const now = Date.now();
      what.replaceChildren(
        h('option', { value: '' }, t.free),
        ...(next.length > 0
          ? [
              h(
                'optgroup',
                { label: t.releases },
                ...next.map((each) => h('option', { value: each.slug }, releaseLabel(each, t, date, now))),
              ),
            ]
          : []),
      );
      // A release gone from the files leaves its words, to send as a free announcement.
      if (!next.some((each) => each.slug === chosen)) chosen = '';
      what.value = next.some((each) => each.slug === current) ? current : chosen;
      showSendButtons();
    },
  };
}
