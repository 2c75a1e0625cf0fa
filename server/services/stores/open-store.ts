/** Opens the contact messages' store the configuration names: PostgreSQL, else SQLite in DATA_DIR. */
import type { MessageStore, MessageStoreOptions } from '../contact/message-store.ts';
import { openPostgresStore } from './postgres-store.ts';
import { openSqliteStore } from './sqlite-store.ts';

export interface StoreLocation {
  /** postgres:// URL (DATABASE_URL), or null for the embedded SQLite file. */
  databaseUrl: string | null;
  dataDir: string;
}

/** Opens the store; rejects when it cannot be used (the caller decides what that means). */
export async function openStore(location: StoreLocation, options: MessageStoreOptions = {}): Promise<MessageStore> {
  return location.databaseUrl
    ? openPostgresStore(location.databaseUrl, options)
    : openSqliteStore(location.dataDir, options);
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
