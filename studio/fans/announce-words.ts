/**
 * Announcing in words, with no page, so the unit tests read them as the page shows them: which
 * field a refusal names and what is wrong with it, the first field left to fill, a release as
 * the list of what to announce shows it, and an announcement's state and progress.
 */
import { LANGUAGES, type Lang } from '../../src/lib/languages.ts';
import type {
  AnnounceableRelease,
  AnnouncementDraft,
  AnnouncementProgress,
  StudioAnnouncement,
} from '../../src/lib/studio-fans.ts';
import { fill } from '../texts.ts';
import type { AnnounceField, AnnounceTexts, FieldProblem } from './announce-texts.ts';
import type { FormatCount } from './words.ts';

/** Each language's fields, in the order the composer shows them. */
export const ANNOUNCE_FIELDS: readonly AnnounceField[] = ['subject', 'text', 'link'];

/** How a moment (ISO 8601) is written in the studio's language. */
export type FormatDate = (iso: string) => string;

/** A field of one language found wrong, and how; `max` is the limit a text went past. */
export interface FieldFault {
  lang: Lang;
  field: AnnounceField;
  problem: FieldProblem;
  max?: number;
}

/**
 * The field and its problem from the server's refusal ("es.subject: subject is required",
 * English as its log reads it), or null when it names no field of a language.
 */
export function faultOf(detail: string): FieldFault | null {
  const match = /^(pt|en|es)\.(subject|text|link): ([\s\S]*)$/.exec(detail);
  if (!match) return null;
  const [, lang, field, reason] = match as unknown as [string, Lang, AnnounceField, string];
  const max = /\bat most (\d+)|<=\s*(\d+)/.exec(reason);
  if (max) return { lang, field, problem: 'tooLong', max: Number(max[1] ?? max[2]) };
  const problem: FieldProblem = /\brequired\b/.test(reason)
    ? 'required'
    : /\bone line\b/.test(reason)
      ? 'oneLine'
      : /\bplain text\b/.test(reason)
        ? 'plainText'
        : /\baddress\b/.test(reason)
          ? 'address'
          : 'unreadable';
  return { lang, field, problem };
}

/** The field's name with its language: "Assunto (espanhol)". */
export const fieldName = (lang: Lang, field: AnnounceField, texts: AnnounceTexts, languages: Record<Lang, string>) =>
  fill(texts.fieldIn, { field: texts.fields[field], language: languages[lang] });

/** The sentence that tells a field's problem: "Assunto (espanhol) está vazio." */
export function faultWords(
  fault: FieldFault,
  texts: AnnounceTexts,
  languages: Record<Lang, string>,
  format: FormatCount,
): string {
  const problem = fill(texts.problems[fault.problem], { max: format(fault.max ?? 0) });
  return fill(texts.problem, { field: fieldName(fault.lang, fault.field, texts, languages), problem });
}

/** Whether `link` is a web page's full address (http or https), as the server takes one. */
export function isWebAddress(link: string): boolean {
  if (!URL.canParse(link)) return false;
  const { protocol } = new URL(link);
  return protocol === 'https:' || protocol === 'http:';
}

/** The first field left empty, or a link that is no page's address, in the order of the languages and fields. */
export function firstFault(texts: AnnouncementDraft): FieldFault | null {
  for (const lang of LANGUAGES) {
    for (const field of ANNOUNCE_FIELDS) {
      const value = texts[lang][field].trim();
      if (value === '') return { lang, field, problem: 'required' };
      if (field === 'link' && !isWebAddress(value)) return { lang, field, problem: 'address' };
    }
  }
  return null;
}

/** Whether the release comes out after `now` (ms): only then can an announcement wait for it. */
export const comesOutLater = (release: Pick<AnnounceableRelease, 'releaseAt'>, now: number): boolean =>
  release.releaseAt !== null && Date.parse(release.releaseAt) > now;

/** A release as the choice of what to announce shows it: its title, and its moment when still to come. */
export function releaseLabel(
  release: Pick<AnnounceableRelease, 'title' | 'releaseAt'>,
  texts: AnnounceTexts,
  date: FormatDate,
  now: number,
): string {
  return release.releaseAt !== null && comesOutLater(release, now)
    ? fill(texts.releaseOn, { title: release.title, date: date(release.releaseAt) })
    : release.title;
}

/** Where an announcement is, in words: waiting for its moment or the site, sending, sent or cancelled. */
export function stateWords(
  announcement: StudioAnnouncement,
  texts: AnnounceTexts,
  date: FormatDate,
  now: number,
): string {
  const { states } = texts;
  const moment = { date: date(announcement.sendAt) };
  switch (announcement.state) {
    case 'scheduled':
      if (Date.parse(announcement.sendAt) > now)
        return fill(announcement.afterRelease ? states.afterRelease : states.scheduled, moment);
      return announcement.afterRelease ? fill(states.awaitingSite, moment) : states.due;
    case 'sending':
      return states.sending;
    case 'sent':
      return fill(states.sent, { date: date(announcement.finishedAt ?? announcement.sendAt) });
    case 'cancelled':
      return states.cancelled;
  }
}

/** The figures of a send: "enviados 3 de 6 · recusados 0 · aguardando 3", and those that failed when any did. */
export function progressWords(progress: AnnouncementProgress, texts: AnnounceTexts, format: FormatCount): string {
  if (progress.total === 0) return texts.nobody;
  const figures = fill(texts.progress, {
    sent: format(progress.sent),
    total: format(progress.total),
    refused: format(progress.refused),
    waiting: format(progress.waiting),
  });
  return progress.failed > 0 ? `${figures} · ${fill(texts.failed, { failed: format(progress.failed) })}` : figures;
}

/** Whether an announcement is on its way (sending, or due and about to start): the list is asked again meanwhile. */
export const isUnderWay = (announcement: StudioAnnouncement, now: number): boolean =>
  announcement.state === 'sending' || (announcement.state === 'scheduled' && Date.parse(announcement.sendAt) <= now);

/**
 * Whether the artist is offered to cancel it: one waiting for its moment, or for the site to
 * show its release. One sent now is about to start, and the offer would come too late.
 */
export const canCancel = (announcement: StudioAnnouncement, now: number): boolean =>
  announcement.state === 'scheduled' && (announcement.afterRelease || Date.parse(announcement.sendAt) > now);

/** The announcements that were on their way in `before` and are sent in `after`. */
export function justSent(
  before: readonly StudioAnnouncement[],
  after: readonly StudioAnnouncement[],
): StudioAnnouncement[] {
  const was = new Map(before.map((announcement) => [announcement.id, announcement.state]));
  return after.filter((announcement) => {
    const state = was.get(announcement.id);
    return announcement.state === 'sent' && (state === 'scheduled' || state === 'sending');
  });
}
