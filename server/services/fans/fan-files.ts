/**
 * The fans' list as files: the exports (JSON with every field exactly, CSV safe to open in a
 * spreadsheet), and the addresses an import's CSV holds, each checked as the sign-up form
 * checks one.
 */
import { isLang, type Lang } from '../../../src/lib/languages.ts';
import type { FanImportAnswer, StudioFan } from '../../../src/lib/studio-fans.ts';
import { csvRecords } from '../csv.ts';
import { exportFiles } from '../export-files.ts';
import { validateSignUp } from './sign-up-validation.ts';

/** The fans as CSV, these columns in this order, and as JSON. */
export const { csv: fansCsv, json: fansJson } = exportFiles<StudioFan>([
  'id',
  'email',
  'lang',
  'state',
  'signedUpAt',
  'confirmedAt',
]);

/** The addresses of an import, and the lines that hold none. */
export interface ImportRows {
  entries: { email: string; lang: Lang }[];
  invalid: FanImportAnswer['invalid'];
}

/**
 * Reads an import: a header naming an `email` column (and perhaps a `lang` one, pt, en or es)
 * as an export or a spreadsheet writes it, or no header and the address first on each line.
 * A row without a language of its own takes `lang`. Blank lines are skipped.
 */
export function importRows(csv: string, lang: Lang): ImportRows {
  const records = csvRecords(csv.replace(/^\uFEFF/, ''));
  const header = (records[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const hasHeader = header.includes('email');
  const emailColumn = hasHeader ? header.indexOf('email') : 0;
  const langColumn = hasHeader ? header.indexOf('lang') : -1;
  const rows: ImportRows = { entries: [], invalid: [] };
  const seen = new Set<string>();
  records.forEach((record, index) => {
    if (hasHeader && index === 0) return;
    if (record.every((cell) => cell.trim() === '')) return;
    const ownLang = (langColumn >= 0 ? record[langColumn] : undefined)?.trim().toLowerCase();
    const checked = validateSignUp({ email: record[emailColumn] ?? '', lang: isLang(ownLang) ? ownLang : lang });
    if (!checked.ok) {
      rows.invalid.push({ line: index + 1, reason: checked.error });
      return;
    }
    if (seen.has(checked.email.toLowerCase())) return;
    seen.add(checked.email.toLowerCase());
    rows.entries.push({ email: checked.email, lang: checked.lang });
  });
  return rows;
}
