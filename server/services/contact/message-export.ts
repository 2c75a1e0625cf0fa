/**
 * The contact messages as the artist exports them, from `npm run messages` and from the
 * studio alike: JSON with every text exactly, and CSV safe to open in a spreadsheet.
 */
import { exportFiles } from '../export-files.ts';
import type { StoredMessage } from './message-store.ts';

/** The messages as CSV, these columns in this order, and as JSON. */
export const { csv: messagesCsv, json: messagesJson } = exportFiles<StoredMessage>([
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
]);
