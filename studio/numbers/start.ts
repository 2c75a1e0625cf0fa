/**
 * The studio's numbers: what the public pages counted (server/routes/studio-numbers.ts), for
 * the days the artist chooses, as charts with their tables: page views per day and language,
 * the most seen pages, the songs, the platform clicks, and the pages' speed beside the budgets.
 */
import { BUDGETS, meets, type Budget } from '../../perf/bench/budgets.ts';
import { LANGUAGES } from '../../src/lib/languages.ts';
import { NUMBERS_DEFAULT_DAYS, NUMBERS_ROUTE, type NumbersAnswer } from '../../src/lib/numbers-answer.ts';
import { LANDING, type Vital } from '../../src/lib/numbers-events.ts';
import { displayTitle } from '../../src/lib/player-logic.ts';
import { PLATFORMS } from '../../src/lib/release-links.ts';
import { SOCIAL_NAMES, type SocialIcon } from '../../src/lib/social-icons.ts';
import { STUDIO_API_PREFIX } from '../../src/lib/studio-auth.ts';
import { get } from '../api.ts';
import type { SectionContext, StartSection } from '../section.ts';
import { fill } from '../texts.ts';
import { againstTarget, barList, bars, figures, html, legend, stackedColumns, type Series } from '../charts.ts';
import { TEXTS, type NumbersTexts } from './texts.ts';
import './numbers.css';

/** The periods offered; the default first. */
const PERIODS = [NUMBERS_DEFAULT_DAYS, 7, 90] as const;

/** The site's budget for each vital. */
const VITAL_BUDGETS: Record<Vital, Budget> = { LCP: BUDGETS.lcp, INP: BUDGETS.inp, CLS: BUDGETS.cls };

const platformName = (id: string): string => {
  if (id in PLATFORMS) return PLATFORMS[id as keyof typeof PLATFORMS].name;
  return id in SOCIAL_NAMES ? SOCIAL_NAMES[id as SocialIcon] : id;
};
const trackName = (file: string) => displayTitle(file.replace(/\.[^.]+$/, ''));

/** A vital as it reads: milliseconds as ms or s, CLS as a plain number. */
function vitalValue(metric: Vital, value: number, lang: string): string {
  if (metric === 'CLS') return new Intl.NumberFormat(lang, { maximumFractionDigits: 4 }).format(value);
  return value >= 1000
    ? `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value / 1000)} s`
    : `${value} ms`;
}

function section(heading: string, intro?: string): HTMLElement {
  return html('section', { class: 'numbers-part' }, html('h2', {}, heading), ...(intro ? [html('p', {}, intro)] : []));
}

function viewsPart(answer: NumbersAnswer, t: NumbersTexts, count: (n: number) => string): HTMLElement {
  const part = section(t.views);
  const series: Series[] = LANGUAGES.map((lang) => ({
    name: t.languages[lang],
    className: `lang-${lang}`,
    values: answer.days.map((_, day) =>
      answer.views.filter((page) => page.lang === lang).reduce((sum, page) => sum + (page.byDay[day] ?? 0), 0),
    ),
  }));
  const perDay = answer.days.map((_, day) => series.reduce((sum, one) => sum + (one.values[day] ?? 0), 0));
  const total = perDay.reduce((sum, n) => sum + n, 0);
  const description = fill(t.viewsChart, { total: count(total), max: count(Math.max(0, ...perDay)) });
  part.append(
    html('h3', {}, t.viewsPerDay),
    html('p', { class: 'visually-hidden' }, description),
    stackedColumns(series, answer.days.length),
    html(
      'p',
      { class: 'axis', 'aria-hidden': 'true' },
      html('span', {}, answer.days[0] ?? ''),
      html('span', {}, answer.days.at(-1) ?? ''),
    ),
    legend(series),
    figures(
      t.asTable,
      t.viewsPerDay,
      [t.day, ...series.map((one) => one.name), t.total],
      answer.days.map((day, index) => [
        day,
        ...series.map((one) => count(one.values[index] ?? 0)),
        count(perDay[index] ?? 0),
      ]),
    ),
  );
  const top = answer.views.slice(0, 20);
  const max = Math.max(0, ...top.map((page) => page.total));
  part.append(
    html('h3', {}, t.pages),
    barList(
      top.map((page) => ({
        label: `${page.path} · ${t.languages[page.lang]}`,
        figure: count(page.total),
        drawing: [bars([{ value: page.total, className: `lang-${page.lang}` }], max)],
      })),
    ),
    figures(
      t.asTable,
      t.pages,
      [t.page, t.language, t.total],
      answer.views.map((page) => [page.path, t.languages[page.lang], count(page.total)]),
    ),
  );
  return part;
}

function tracksPart(answer: NumbersAnswer, t: NumbersTexts, count: (n: number) => string): HTMLElement {
  const part = section(t.tracks, t.tracksIntro);
  const kinds = [
    { key: 'play', name: t.started, className: 'started' },
    { key: 'play30', name: t.played30, className: 'heard' },
    { key: 'end', name: t.completed, className: 'ended' },
  ] as const;
  const max = Math.max(0, ...answer.tracks.map((track) => track.play));
  part.append(
    legend(kinds.map((kind) => ({ ...kind, values: [] }))),
    barList(
      answer.tracks.map((track) => ({
        label: `${trackName(track.file)} · ${track.playlist}`,
        figure: kinds.map((kind) => count(track[kind.key])).join(' · '),
        drawing: [
          bars(
            kinds.map((kind) => ({ value: track[kind.key], className: kind.className })),
            max,
          ),
        ],
      })),
    ),
    figures(
      t.asTable,
      t.tracks,
      [t.track, ...kinds.map((kind) => kind.name)],
      answer.tracks.map((track) => [
        `${trackName(track.file)} (${track.playlist})`,
        ...kinds.map((kind) => count(track[kind.key])),
      ]),
    ),
  );
  return part;
}

function clicksPart(answer: NumbersAnswer, t: NumbersTexts, count: (n: number) => string): HTMLElement {
  const part = section(t.clicks, t.clicksIntro);
  const sources = [...new Set(answer.clicks.map((click) => click.from))];
  const sourceName = (from: string) => (from === LANDING ? t.landing : from);
  const max = Math.max(0, ...answer.clicks.map((click) => click.count));
  for (const from of sources) {
    const clicks = answer.clicks.filter((click) => click.from === from);
    part.append(
      html('h3', {}, sourceName(from)),
      barList(
        clicks.map((click) => ({
          label: platformName(click.platform),
          figure: count(click.count),
          drawing: [bars([{ value: click.count, className: 'clicked' }], max)],
        })),
      ),
    );
  }
  part.append(
    figures(
      t.asTable,
      t.clicks,
      [t.page, t.platform, t.count],
      answer.clicks.map((click) => [sourceName(click.from), platformName(click.platform), count(click.count)]),
    ),
  );
  return part;
}

function vitalsPart(answer: NumbersAnswer, t: NumbersTexts, lang: string, count: (n: number) => string): HTMLElement {
  const part = section(t.vitals, t.vitalsIntro);
  const rows = answer.vitals.map((vital) => {
    const budget = VITAL_BUDGETS[vital.metric];
    const value =
      vital.p75 === null
        ? fill(t.beyond, { value: vitalValue(vital.metric, vital.beyond ?? 0, lang) })
        : vitalValue(vital.metric, vital.p75, lang);
    const measured = vital.p75 ?? Number.POSITIVE_INFINITY;
    const verdict = meets(measured, budget) ? t.withinBudget : t.overBudget;
    return { vital, budget, value, verdict, measured };
  });
  for (const page of [...new Set(answer.vitals.map((vital) => vital.page))]) {
    part.append(
      html('h3', {}, page),
      barList(
        rows
          .filter(({ vital }) => vital.page === page)
          .map(({ vital, budget, value, verdict, measured }) => ({
            label: t.metrics[vital.metric],
            figure: value,
            figureAttributes: { class: meets(measured, budget) ? '' : 'over-text' },
            drawing: [
              againstTarget(measured, budget.limit),
              html('small', {}, `${t.budget}: ${budget.label} · ${verdict}`),
            ],
          })),
      ),
    );
  }
  part.append(
    figures(
      t.asTable,
      t.vitals,
      [t.page, t.metric, t.p75, t.budget, t.samples],
      rows.map(({ vital, budget, value, verdict }) => [
        vital.page,
        t.metrics[vital.metric],
        `${value} (${verdict})`,
        budget.label,
        count(vital.samples),
      ]),
    ),
  );
  return part;
}

async function show(root: HTMLElement, days: number, context: SectionContext, t: NumbersTexts): Promise<void> {
  const { lang, say, explain } = context;
  root.setAttribute('aria-busy', 'true');
  say(t.loading);
  try {
    const answer = await get<NumbersAnswer>(`${STUDIO_API_PREFIX}${NUMBERS_ROUTE}?days=${days}`);
    const number = new Intl.NumberFormat(lang);
    const count = (n: number) => number.format(n);
    const nothing = answer.views.length + answer.tracks.length + answer.clicks.length + answer.vitals.length === 0;
    root.replaceChildren(
      ...(nothing
        ? [html('p', {}, t.empty)]
        : [
            viewsPart(answer, t, count),
            ...(answer.tracks.length > 0 ? [tracksPart(answer, t, count)] : []),
            ...(answer.clicks.length > 0 ? [clicksPart(answer, t, count)] : []),
            ...(answer.vitals.length > 0 ? [vitalsPart(answer, t, lang, count)] : []),
          ]),
    );
    say(fill(t.loaded, { n: String(days) }));
  } catch (error) {
    say(explain(error), 'error');
  } finally {
    root.removeAttribute('aria-busy');
  }
}

export const start: StartSection = async (root, context) => {
  const t = TEXTS[context.lang];
  const results = html('div', { class: 'numbers-results' });
  const period = html(
    'select',
    { id: 'numbers-period' },
    ...PERIODS.map((days) => html('option', { value: String(days) }, fill(t.days, { n: String(days) }))),
  );
  period.addEventListener('change', () => void show(results, Number(period.value), context, t));
  root.replaceChildren(
    html(
      'div',
      { class: 'numbers' },
      html('h1', {}, t.heading),
      html('p', {}, t.intro),
      html('p', { class: 'numbers-period' }, html('label', { for: 'numbers-period' }, t.period), period),
      results,
    ),
  );
  await show(results, NUMBERS_DEFAULT_DAYS, context, t);
};
