/**
 * Opens the contact messages' store the configuration names: PostgreSQL, else SQLite in
 * DATA_DIR. Written once over Kysely: adding (messages-add.ts), delivering (messages-outbox.ts)
 * and the inbox (messages-inbox.ts) run the same queries on both engines.
 */
import {
  DEFAULT_DIGEST_INTERVAL_MS,
  ownMailboxes,
  type MessageStore,
  type MessageStoreOptions,
} from '../contact/message-store.ts';
import { openOver, type StoreLocation } from './connect.ts';
import type { Db } from './database.ts';
import { isPostgres } from './engine.ts';
import { messageAdder } from './messages-add.ts';
import { messageInbox } from './messages-inbox.ts';
import { messageOutbox, takeOverLeases } from './messages-outbox.ts';

export { SQLITE_FILE, storeLocation, type StoreLocation } from './connect.ts';

/** Connections in a PostgreSQL pool of the messages' store: the contact form's requests share it. */
const CONNECTIONS = 5;

/** Opens the store; rejects when it cannot be used (the caller decides what that means). */
export function openStore(location: StoreLocation, options: MessageStoreOptions = {}): Promise<MessageStore> {
  return openOver(location, (db) => messageStore(db, options), CONNECTIONS);
}

/** The store in the SQLite file in `dataDir` (created if needed). */
export const openSqliteStore = (dataDir: string, options?: MessageStoreOptions): Promise<MessageStore> =>
  openStore({ databaseUrl: null, dataDir }, options);

/** The store in the PostgreSQL database at `url`. */
export const openPostgresStore = (url: string, options?: MessageStoreOptions): Promise<MessageStore> =>
  openStore({ databaseUrl: url, dataDir: '' }, options);

async function messageStore(db: Db, options: MessageStoreOptions): Promise<MessageStore> {
  const digestIntervalMs = options.digestIntervalMs ?? DEFAULT_DIGEST_INTERVAL_MS;
  // PostgreSQL leases are shared by instances and always run their course.
  if (options.takeOverLeases && !isPostgres(db)) await takeOverLeases(db, digestIntervalMs);
  return {
    add: messageAdder(db, {
      autoRepliesPerHour: options.autoRepliesPerHour ?? Number.POSITIVE_INFINITY,
      artistMailsPerHour: options.artistMailsPerHour ?? Number.POSITIVE_INFINITY,
      digestIntervalMs,
      own: ownMailboxes(options),
    }),
    ...messageOutbox(db, digestIntervalMs),
    ...messageInbox(db),
    close: () => db.destroy(),
  };
}

/** Where the messages are, for logs and messages to the artist (never the password). */
export function describeStore(location: StoreLocation): string {
  if (!location.databaseUrl) return `SQLite in ${location.dataDir}`;
  const url = new URL(location.databaseUrl);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/**
 * Opens a store kept where the messages are, for a part of the app that can do without it: a
 * database server that cannot be reached is a configuration error (rejects), while an unusable
 * data folder is logged and gives null, so only that part stops, not the site.
 */
export async function openOrNull<T>(
  location: StoreLocation,
  open: (location: StoreLocation) => Promise<T>,
  log: { error: (object: object, message: string) => void },
  what: string,
): Promise<T | null> {
  try {
    return await open(location);
  } catch (error) {
    if (location.databaseUrl) {
      throw new Error(`Invalid configuration:\n  DATABASE_URL: cannot use the database (${(error as Error).message})`, {
        cause: error,
      });
    }
    log.error({ err: error, where: describeStore(location) }, `${what} cannot open its store`);
    return null;
  }
}
