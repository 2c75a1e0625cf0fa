/**
 * `npm run messages`: the contact messages for the artist, newest first, with their delivery
 * status. `npm run messages -- --json` or `-- --csv` prints them all for export
 * (`npm run messages -- --csv > messages.csv`). Reads DATA_DIR (default ./data).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openMessageStore, type StoredMessage } from '../server/services/message-store.ts';

const dataDir = resolve(process.env['DATA_DIR'] ?? 'data');
if (!existsSync(join(dataDir, 'messages.db'))) {
  console.log(`No messages yet (nothing in ${dataDir}).`);
  process.exit(0);
}

const store = openMessageStore(dataDir);
const messages = store.list();
store.close();

const COLUMNS = [
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
] as const satisfies readonly (keyof StoredMessage)[];

/** RFC 4180 quoting; a leading = + - @ is neutralised so spreadsheets do not run it. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const format = process.argv.includes('--json') ? 'json' : process.argv.includes('--csv') ? 'csv' : 'table';

if (format === 'json') {
  console.log(JSON.stringify(messages, null, 2));
} else if (format === 'csv') {
  console.log(COLUMNS.join(','));
  for (const message of messages) console.log(COLUMNS.map((column) => csvCell(message[column])).join(','));
} else if (messages.length === 0) {
  console.log('No messages yet.');
} else {
  for (const message of messages) {
    const status =
      message.artistStatus === 'sent'
        ? `delivered ${message.deliveredAt ?? ''}`
        : `PENDING (${message.attempts} failed attempts${message.lastError ? `, last error: ${message.lastError}` : ''})`;
    console.log(
      `#${message.id}  ${message.createdAt}  ${message.name} <${message.email}>  [${message.lang}]  ${status}`,
    );
    console.log(`    auto-reply: ${message.replyStatus}`);
    console.log(message.message.replace(/^/gm, '    '));
    console.log('');
  }
  console.log(`${messages.length} message(s).`);
}
