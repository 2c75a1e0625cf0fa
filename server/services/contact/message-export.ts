/**
 * The contact messages as the artist exports them, from `npm run messages` and from the
 * studio alike: JSON with every text exactly, and CSV safe to open in a spreadsheet.
 */
import type { StoredMessage } from './message-store.ts';

/** The CSV's columns, in order. */
export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'name',
  'email',
  'lang',
  'message',
  'artistStatus',
  'replyStatus',
  'attempts',
  'lastError',
  'deliveredAt',
  'artistDigest',
  'replySkipReason',
  'readAt',
  'handledAt',
] as const satisfies readonly (keyof StoredMessage)[];

/**
 * Where a spreadsheet may start a cell that runs as a formula: the cell's start, after a `;`
 * (spreadsheets in pt-BR and much of Europe split CSV on it, and some take a quote in the
 * middle of a field literally) or after a line break; spaces and quotes in front do not
 * stop it. An apostrophe goes in front of the = + - @ TAB or CR there; the JSON export keeps
 * the text exactly.
 */
const FORMULA_START = /(^|[;\r\n])([\s"]*)(?=[=+\-@\t\r])/g;

/** Every cell quoted (RFC 4180), so a `,` or `;` inside one never splits it where quotes are read. */
function csvCell(value: string | number | boolean | null): string {
  const text = (value === null ? '' : String(value)).replace(FORMULA_START, "$1$2'");
  return `"${text.replace(/"/g, '""')}"`;
}

/** The messages as CSV: a header line, then one record per message, each line ended by `\n`. */
export function messagesCsv(messages: readonly StoredMessage[]): string {
  const lines = [CSV_COLUMNS.map(csvCell).join(',')];
  for (const message of messages) lines.push(CSV_COLUMNS.map((column) => csvCell(message[column])).join(','));
  return `${lines.join('\n')}\n`;
}

/** The messages as JSON, every field and text exactly as stored. */
export const messagesJson = (messages: readonly StoredMessage[]): string => `${JSON.stringify(messages, null, 2)}\n`;
