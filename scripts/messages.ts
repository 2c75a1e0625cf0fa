/**
 * `npm run messages`: the contact messages for the artist, newest first, with their delivery
 * status. `npm run messages -- --json` or `-- --csv` prints them all for export
 * (`npm run messages -- --csv > messages.csv`). Reads the store the server is configured
 * with: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (default ./data).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import type { StoredMessage } from '../server/services/message-store.ts';
import { describeStore, openStore } from '../server/services/stores/open-store.ts';
import { SQLITE_FILE } from '../server/services/stores/sqlite-store.ts';

let location;
try {
  const config = loadConfig();
  location = { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR };
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!location.databaseUrl && !existsSync(join(location.dataDir, SQLITE_FILE))) {
  console.log(`No messages yet (nothing in ${location.dataDir}).`);
  process.exit(0);
}

let messages: StoredMessage[];
try {
  const store = await openStore(location);
  messages = await store.list();
  await store.close();
} catch (error) {
  console.error(`Cannot read the messages (${describeStore(location)}): ${(error as Error).message}`);
  process.exit(1);
}

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
