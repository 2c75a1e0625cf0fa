/**
 * The fans' part in words: counts as sentences, an import's answer as the artist reads it, and
 * which problem a refused line had. No page here, so the unit tests read them as the page shows
 * them.
 */
import type { FanImportAnswer } from '../../src/lib/studio-fans.ts';
import { fill } from '../texts.ts';
import type { CountWords, FansTexts } from './texts.ts';

/** How a number is written in the studio's language. */
export type FormatCount = (count: number) => string;

/** A count's sentence: its words for none (else those for many), one, or many. */
export function countWords(words: CountWords, count: number, format: FormatCount): string {
  const text = count === 0 ? (words.none ?? words.many) : count === 1 ? words.one : words.many;
  return fill(text, { count: format(count) });
}

/** The text with its first letter in capitals, as a sentence starts. */
export const sentence = (text: string, lang: string): string =>
  `${text.charAt(0).toLocaleUpperCase(lang)}${text.slice(1)}`;

/**
 * The problem of a line an import could not read, from the server's reason (English, as the
 * log reads it): no address at all, one too long, or text that is no address.
 */
export function lineProblem(reason: string): keyof FansTexts['problems'] {
  if (/\brequired\b/i.test(reason)) return 'missing';
  if (/\bat most\b/i.test(reason)) return 'tooLong';
  return 'notAddress';
}

/** The lines of an import as the server numbers them (the first is 1): a BOM left out, any line break. */
export const importLines = (csv: string): string[] => csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);

/** The longest a refused line is quoted, in characters. */
const QUOTED_MAX = 60;
/** The most refused lines listed one by one; the rest are counted. */
export const INVALID_LISTED = 20;

/** An import's answer: one sentence of what it did, and each line it could not read. */
export interface ImportWords {
  summary: string;
  invalid: string[];
}

/** Words the import's answer, quoting each refused line from `lines` (what was sent). */
export function importWords(
  answer: FanImportAnswer,
  lines: readonly string[],
  texts: FansTexts,
  lang: string,
  format: FormatCount,
): ImportWords {
  const parts = [
    countWords(texts.queued, answer.queued, format),
    answer.known > 0 && countWords(texts.known, answer.known, format),
    answer.left > 0 && countWords(texts.wasLeft, answer.left, format),
    answer.invalid.length > 0 && countWords(texts.invalid, answer.invalid.length, format),
  ].filter((part): part is string => typeof part === 'string');
  const invalid = answer.invalid.slice(0, INVALID_LISTED).map(({ line, reason }) => {
    const whole = (lines[line - 1] ?? '').trim();
    const text = whole.length > QUOTED_MAX ? `${whole.slice(0, QUOTED_MAX - 1)}…` : whole;
    const values = { line: format(line), problem: texts.problems[lineProblem(reason)], text };
    return fill(text ? texts.invalidLineText : texts.invalidLine, values);
  });
  const unlisted = answer.invalid.length - INVALID_LISTED;
  if (unlisted > 0) invalid.push(fill(texts.invalidMore, { count: format(unlisted) }));
  return { summary: `${sentence(parts.join('; '), lang)}.`, invalid };
}
