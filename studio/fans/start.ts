/**
 * The studio's fans' list: announcing to the fans at the top (announcements.ts); the confirmed
 * fans per language, those waiting and those refused, in words; the joins and leaves of recent
 * weeks as a chart with its table; every fan, found by address, each erased after a
 * confirmation; the exports; and an import of addresses, pasted or from a CSV file, each of
 * which gets a mail asking to confirm (never a direct add).
 */
import { LANGUAGES, type Lang } from '../../src/lib/languages.ts';
import {
  FAN_IMPORT_MAX_CHARS,
  FANS_ROUTES,
  type FanImportAnswer,
  type FansOverview,
  type StudioFan,
} from '../../src/lib/studio-fans.ts';
import { del, get, post, StudioApiError } from '../api.ts';
import { figures, groupedColumns, legend, type Series } from '../charts.ts';
import { h } from '../dom.ts';
import { confirmDialog } from '../messages/confirm-dialog.ts';
import { withRequestToken } from '../request-token.ts';
import type { StartSection } from '../section.ts';
import { fill } from '../texts.ts';
import { startAnnouncements } from './announcements.ts';
import { FANS_TEXTS, type FansTexts } from './texts.ts';
import { countWords, importLines, importWords, type FormatCount } from './words.ts';
import './fans.css';

/** How many fans the list shows at first, and how many more each press of "show more" adds. */
const PAGE = 50;

/** A file's text: UTF-8 (a BOM left out), else the Windows encoding an older spreadsheet saves in. */
async function fileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The counts in plain words: the confirmed in all and per language, the waiting, the refused. */
function countsView(counts: FansOverview['counts'], t: FansTexts, count: FormatCount): Element[] {
  const confirmed = LANGUAGES.reduce((sum, lang) => sum + counts.confirmed[lang], 0);
  const byLanguage = h(
    'ul',
    { class: 'fans-languages', 'aria-label': t.byLanguage },
    ...LANGUAGES.map((lang) =>
      h(
        'li',
        { 'data-lang': lang },
        fill(t.inLanguage, { count: count(counts.confirmed[lang]), language: t.languages[lang] }),
      ),
    ),
  );
  return [
    h('p', { class: 'fans-total' }, countWords(t.confirmed, confirmed, count)),
    // With none confirmed, three zeros would say nothing more.
    ...(confirmed > 0 ? [byLanguage] : []),
    h('p', { class: 'fans-waiting' }, countWords(t.waiting, counts.waiting, count)),
    h('p', { class: 'fans-refused' }, countWords(t.refused, counts.refused, count)),
  ];
}

/** The joins and leaves of each week as columns, the same figures in words and in a table. */
function weeksView(weeks: FansOverview['weeks'], t: FansTexts, lang: Lang, count: FormatCount): Element[] {
  const short = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const monday = (week: string) => new Date(`${week}T00:00:00Z`);
  const series: Series[] = [
    { name: t.joined, className: 'joins', values: weeks.map((week) => week.joins) },
    { name: t.left, className: 'leaves', values: weeks.map((week) => week.leaves) },
  ];
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const description = fill(t.weeksChart, {
    weeks: count(weeks.length),
    joins: count(sum(series[0]?.values ?? [])),
    leaves: count(sum(series[1]?.values ?? [])),
    max: count(Math.max(0, ...weeks.flatMap((week) => [week.joins, week.leaves]))),
  });
  const first = weeks[0];
  const last = weeks.at(-1);
  return [
    h('p', { class: 'visually-hidden' }, description),
    groupedColumns(series, weeks.length),
    h(
      'p',
      { class: 'axis', 'aria-hidden': 'true' },
      h('span', {}, first ? short.format(monday(first.week)) : ''),
      h('span', {}, last ? short.format(monday(last.week)) : ''),
    ),
    legend(series),
    figures(
      t.asTable,
      t.weeks,
      [t.week, t.joined, t.left],
      weeks.map((week) => [long.format(monday(week.week)), count(week.joins), count(week.leaves)]),
    ),
  ];
}

export const start: StartSection = async (root, { lang, say, explain }) => {
  const t = FANS_TEXTS[lang];
  const numbers = new Intl.NumberFormat(lang);
  const count: FormatCount = (n) => numbers.format(n);
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });

  let overview: FansOverview = {
    counts: { waiting: 0, confirmed: { pt: 0, en: 0, es: 0 }, refused: 0 },
    weeks: [],
    fans: [],
  };
  let shown = PAGE;

  const heading = h('h1', { id: 'fans-heading', tabindex: '-1' }, t.heading);
  const announcements = h('div', { class: 'fans-announcements' });
  const counts = h('div', { class: 'fans-counts' });
  const chart = h('div', { class: 'fans-chart' });

  const search = h('input', { type: 'search', id: 'fans-search', autocomplete: 'off', spellcheck: 'false' });
  const shownLine = h('p', { class: 'fans-shown', 'aria-live': 'polite' });
  const list = h('ul', { class: 'fan-list', 'aria-labelledby': 'fans-list-heading' });
  const more = h('button', { type: 'button', class: 'secondary more', hidden: '' }, t.showMore);

  const exports = h(
    'nav',
    { class: 'exports', 'aria-label': t.exports },
    h('a', { class: 'button secondary', href: withRequestToken(FANS_ROUTES.exportCsv), download: '' }, t.exportCsv),
    h('a', { class: 'button secondary', href: withRequestToken(FANS_ROUTES.exportJson), download: '' }, t.exportJson),
  );

  // The browser's own file button speaks the browser's language: a label in the studio's stands for it.
  const file = h('input', { type: 'file', id: 'fans-import-file', accept: '.csv,text/csv', class: 'visually-hidden' });
  const pasted = h('textarea', {
    id: 'fans-import-text',
    rows: '6',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'fans-import-how',
  });
  const importLang = h(
    'select',
    { id: 'fans-import-lang' },
    ...LANGUAGES.map((code) => {
      const option = h('option', { value: code }, t.languages[code]);
      option.selected = code === lang;
      return option;
    }),
  );
  const answerBox = h('div', { class: 'import-answer' });
  const importButton = h('button', { type: 'button', class: 'import' }, t.importButton);
  // Marked busy rather than disabled while the import runs: a disabled button would drop the
  // focus, and the person would have to find their place again.
  importButton.addEventListener('click', () => {
    if (importButton.getAttribute('aria-disabled') === 'true') return;
    importButton.setAttribute('aria-disabled', 'true');
    void importAddresses().finally(() => importButton.removeAttribute('aria-disabled'));
  });

  root.replaceChildren(
    h(
      'div',
      { class: 'fans' },
      heading,
      h('p', {}, t.intro),
      announcements,
      counts,
      h('section', { class: 'fans-part' }, h('h2', {}, t.weeks), chart),
      h(
        'section',
        { class: 'fans-part' },
        h('h2', { id: 'fans-list-heading' }, t.list),
        h('p', { class: 'fans-search' }, h('label', { for: 'fans-search' }, t.search), search),
        shownLine,
        list,
        more,
      ),
      exports,
      h(
        'section',
        { class: 'fans-part fans-import' },
        h('h2', {}, t.importHeading),
        h('p', {}, t.importIntro),
        h('p', { id: 'fans-import-how' }, t.importHow),
        h(
          'p',
          { class: 'file-field' },
          file,
          h('label', { for: 'fans-import-file', class: 'file-button' }, t.importFile),
        ),
        h('p', { class: 'field' }, h('label', { for: 'fans-import-text' }, t.importText), pasted),
        h('p', { class: 'field' }, h('label', { for: 'fans-import-lang' }, t.importLang), importLang),
        importButton,
        answerBox,
      ),
    ),
  );

  function fanItem(fan: StudioFan): HTMLLIElement {
    const since = fan.confirmedAt ?? fan.signedUpAt;
    const erase = h(
      'button',
      { type: 'button', class: 'secondary danger erase', 'aria-label': fill(t.eraseLabel, { email: fan.email }) },
      t.erase,
    );
    erase.addEventListener('click', () => {
      removeFan(fan, erase).catch((error: unknown) => {
        say(explain(error), 'error');
        if (erase.isConnected) erase.focus();
      });
    });
    return h(
      'li',
      { class: 'fan', 'data-id': String(fan.id), 'data-state': fan.state },
      h(
        'div',
        { class: 'fan-who' },
        h('p', { class: 'fan-email' }, fan.email),
        h(
          'p',
          { class: 'fan-facts' },
          `${t.languages[fan.lang]} · ${t.states[fan.state]} · `,
          h('time', { datetime: since }, fill(t.since, { date: day.format(new Date(since)) })),
        ),
      ),
      erase,
    );
  }

  /** The fans whose address holds what the search field does. */
  function matching(): StudioFan[] {
    const query = search.value.trim().toLowerCase();
    return query ? overview.fans.filter((fan) => fan.email.toLowerCase().includes(query)) : overview.fans;
  }

  /** Draws the list again; a focus on a fan's button stays on it while that fan is listed. */
  function drawList(): void {
    const found = matching();
    const query = search.value.trim();
    const focused =
      document.activeElement instanceof HTMLElement && list.contains(document.activeElement)
        ? document.activeElement.closest('li')?.dataset['id']
        : undefined;
    list.replaceChildren(...found.slice(0, shown).map(fanItem));
    if (focused) list.querySelector<HTMLElement>(`li[data-id="${focused}"] .erase`)?.focus();
    more.hidden = found.length <= shown;
    shownLine.textContent =
      overview.fans.length === 0
        ? t.empty
        : found.length === 0
          ? fill(t.noMatch, { text: query })
          : query || found.length > shown
            ? fill(t.shown, { shown: count(Math.min(shown, found.length)), count: count(found.length) })
            : '';
  }

  function draw(): void {
    counts.replaceChildren(...countsView(overview.counts, t, count));
    chart.replaceChildren(...weeksView(overview.weeks, t, lang, count));
    drawList();
  }

  async function load(): Promise<void> {
    overview = await get<FansOverview>(FANS_ROUTES.list);
    draw();
  }

  async function removeFan(fan: StudioFan, erase: HTMLButtonElement): Promise<void> {
    const confirmed = await confirmDialog(
      {
        heading: t.eraseHeading,
        text: fill(t.eraseText, { email: fan.email }),
        confirm: t.eraseConfirm,
        cancel: t.cancel,
      },
      () => list.querySelector<HTMLElement>(`li[data-id="${fan.id}"] .erase`) ?? heading,
    );
    if (!confirmed) return;
    erase.disabled = true;
    try {
      // Already gone (erased from another device): it is gone here too.
      await del(FANS_ROUTES.one(fan.id)).catch((error: unknown) => {
        if (!(error instanceof StudioApiError && error.status === 404)) throw error;
      });
    } finally {
      erase.disabled = false;
    }
    // The focus goes to the next fan's button, else the one before, else the heading.
    const item = list.querySelector(`li[data-id="${fan.id}"]`);
    const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling) as HTMLElement | null | undefined;
    overview = { ...overview, fans: overview.fans.filter((one) => one.id !== fan.id) };
    drawList();
    const next = neighbour?.dataset['id'];
    (list.querySelector<HTMLElement>(`li[data-id="${next}"] .erase`) ?? heading).focus();
    say(fill(t.erased, { email: fan.email }));
    // The counts as the server has them now.
    await load();
  }

  /** Sends what the field holds; tells what the import did, line by line where it could not read one. */
  async function importAddresses(): Promise<void> {
    const csv = pasted.value;
    if (csv.trim() === '') {
      say(t.importEmpty, 'error');
      pasted.focus();
      return;
    }
    if (csv.length > FAN_IMPORT_MAX_CHARS) {
      say(fill(t.importTooLong, { max: count(FAN_IMPORT_MAX_CHARS) }), 'error');
      return;
    }
    say(t.importing);
    answerBox.replaceChildren();
    try {
      const answer = await post<FanImportAnswer>(FANS_ROUTES.import, { csv, lang: importLang.value });
      const words = importWords(answer, importLines(csv), t, lang, count);
      answerBox.replaceChildren(
        h('p', { class: 'import-summary' }, words.summary),
        ...(words.invalid.length > 0
          ? [h('ul', { class: 'import-invalid' }, ...words.invalid.map((line) => h('li', {}, line)))]
          : []),
      );
      say(words.summary);
      // Every line went through: nothing is left to correct, and the same list is not sent twice.
      if (answer.invalid.length === 0) {
        pasted.value = '';
        file.value = '';
      }
      // The new addresses, waiting for their confirmation.
      await load();
    } catch (error) {
      say(explain(error), 'error');
    }
  }

  search.addEventListener('input', () => {
    shown = PAGE;
    drawList();
  });
  more.addEventListener('click', () => {
    const first = shown;
    shown += PAGE;
    drawList();
    // The focus goes on to the first fan just shown.
    list.querySelector<HTMLElement>(`li:nth-child(${first + 1}) .erase`)?.focus();
  });

  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    // A file many times the limit is not read into the page at all.
    if (chosen.size > FAN_IMPORT_MAX_CHARS * 4) {
      say(fill(t.importTooLong, { max: count(FAN_IMPORT_MAX_CHARS) }), 'error');
      return;
    }
    fileText(chosen)
      .then((text) => {
        pasted.value = text;
        const lines = importLines(text).filter((line) => line.trim() !== '').length;
        say(fill(t.fileRead, { name: chosen.name, lines: count(lines) }));
      })
      .catch((error: unknown) => say(explain(error), 'error'));
  });

  say(t.loading);
  // The announcements load beside the list; a failure of theirs is told once the list's line is free.
  const announced = startAnnouncements(announcements, {
    lang,
    say,
    explain,
    confirmed: () => LANGUAGES.reduce((sum, code) => sum + overview.counts.confirmed[code], 0),
  }).then(
    () => null,
    (error: unknown) => error,
  );
  try {
    await load();
    say('');
  } catch (error) {
    // A session that ended shows the sign-in; anything else is told, the page kept.
    if (error instanceof StudioApiError && error.status === 401) throw error;
    say(explain(error), 'error');
  }
  const failed = await announced;
  if (failed !== null && !(failed instanceof StudioApiError && failed.status === 401)) say(explain(failed), 'error');
};
