/**
 * `npm run messages`: the contact messages for the artist, newest first, with their delivery
 * status. `npm run messages -- --json` or `-- --csv` prints them all for export
 * (`npm run messages -- --csv > messages.csv`). `npm run messages -- --retry` queues the
 * mails given up (FAILED) again: the server sends them within a minute. Reads the store the server is configured
 * with: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (default ./data).
 */
import { messagesCsv, messagesJson } from '../server/services/contact/message-export.ts';
import type { StoredMessage } from '../server/services/contact/message-store.ts';
import { describeStore, openStore } from '../server/services/stores/open-store.ts';
import { configuredStoreLocation, storeExists } from './store-location.ts';

const location = configuredStoreLocation();
if (!storeExists(location)) {
  console.log(`No messages yet (nothing in ${location.dataDir}).`);
  process.exit(0);
}

const retry = process.argv.includes('--retry');
let messages: StoredMessage[];
try {
  const store = await openStore(location);
  if (retry) {
    const retried = await store.retryFailed();
    console.log(
      retried === 0
        ? 'No message has a mail that failed.'
        : `${retried} message(s) queued to be sent again: the server sends them within a minute.`,
    );
  }
  messages = await store.list();
  await store.close();
} catch (error) {
  console.error(`Cannot read the messages (${describeStore(location)}): ${(error as Error).message}`);
  process.exit(1);
}

if (retry) process.exit(0);

const format = process.argv.includes('--json') ? 'json' : process.argv.includes('--csv') ? 'csv' : 'table';

if (format === 'json') {
  process.stdout.write(messagesJson(messages));
} else if (format === 'csv') {
  process.stdout.write(messagesCsv(messages));
} else if (messages.length === 0) {
  console.log('No messages yet.');
} else {
  for (const message of messages) {
    const why = message.lastError ? `, last error: ${message.lastError}` : '';
    const tries = message.attempts > 0 ? ` (${message.attempts} failed attempts${why})` : '';
    const status = {
      sent: `delivered ${message.deliveredAt ?? ''}${message.artistDigest ? ' in a digest' : ''}`,
      pending: `PENDING (${message.attempts} failed attempts${why})`,
      // Past the hourly budget of single mails: it comes in the digest of that slot (or a later one).
      held: `HELD for the digest at ${new Date(message.nextAttemptAt).toISOString()}${tries}`,
      // Given up: the message is only here, so it says so loudly.
      failed: `FAILED, not mailed to you (${message.attempts} failed attempts${why})`,
    }[message.artistStatus];
    console.log(
      `#${message.id}  ${message.createdAt}  ${message.name} <${message.email}>  [${message.lang}]  ${status}`,
    );
    const reply =
      message.replyStatus === 'failed'
        ? `FAILED (${message.lastError ?? 'no reason recorded'})`
        : message.replyStatus === 'pending' && message.artistStatus === 'held'
          ? 'pending (sent with the digest)'
          : message.replyStatus;
    console.log(`    auto-reply: ${reply}`);
    console.log(message.message.replace(/^/gm, '    '));
    console.log('');
  }
  console.log(`${messages.length} message(s).`);
}
