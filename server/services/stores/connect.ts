/**
 * Opens the database the configuration names, migrated: PostgreSQL (DATABASE_URL) through a
 * small pool, else the SQLite file in DATA_DIR. Each store opens its own, as each kept its own
 * connection before.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config.ts';
import type { Database, Db } from './database.ts';
import { migrate } from './migrations.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';

export interface StoreLocation {
  /** postgres:// URL (DATABASE_URL), or null for the embedded SQLite file. */
  databaseUrl: string | null;
  dataDir: string;
}

/** Where the configuration keeps the stores: DATABASE_URL, else the SQLite file in DATA_DIR. */
export const storeLocation = (config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): StoreLocation => ({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
});

/** The database file in DATA_DIR. */
export const SQLITE_FILE = 'messages.db';

/** BIGINT columns (and counts) come back as numbers (milliseconds and ids stay far below 2^53), for these pools only. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

function postgresPool(url: string, connections: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: connections,
    connectionTimeoutMillis: 5_000,
    // A query that hangs must not hold a request forever.
    query_timeout: 10_000,
  });
  // A client losing its connection (the database restarting) must not crash the process,
  // whether it was idle in the pool or held between two queries of a transaction: the query
  // in flight fails, the pool drops the client, and the next query opens a new one.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Connects and migrates; rejects (naming what failed) when the database cannot be reached or
 * refuses, so the server does not start half-working. `connections` bounds a PostgreSQL pool.
 */
export async function openDatabase(location: StoreLocation, connections = 3): Promise<Db> {
  let dialect;
  if (location.databaseUrl) {
    dialect = new PostgresDialect({ pool: postgresPool(location.databaseUrl, connections) });
  } else {
    mkdirSync(location.dataDir, { recursive: true });
    dialect = new NodeSqliteDialect(join(location.dataDir, SQLITE_FILE));
  }
  const db = new Kysely<Database>({ dialect });
  try {
    await migrate(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Opens the database, then the store over it; closes the database if the store cannot be made. */
export async function openOver<T>(
  location: StoreLocation,
  make: (db: Db) => T | Promise<T>,
  connections?: number,
): Promise<T> {
  const db = await openDatabase(location, connections);
  try {
    return await make(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
