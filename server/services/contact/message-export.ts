/**
 * The contact messages as the artist exports them, from `npm run messages` and from the
 * studio alike: JSON with every text exactly, and CSV safe to open in a spreadsheet.
 */
import { csvTable } from '../csv.ts';
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

/** The messages as CSV: a header line, then one record per message, each line ended by `\n`. */
export const messagesCsv = (messages: readonly StoredMessage[]): string => csvTable(CSV_COLUMNS, messages);

/** The messages as JSON, every field and text exactly as stored. */
export const messagesJson = (messages: readonly StoredMessage[]): string => `${JSON.stringify(messages, null, 2)}\n`;
