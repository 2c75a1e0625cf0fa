/** Opens the contact messages' store the configuration names: PostgreSQL, else SQLite in DATA_DIR. */
import type { MessageStore, MessageStoreOptions } from '../message-store.ts';
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
