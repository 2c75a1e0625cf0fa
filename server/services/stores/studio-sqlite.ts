/** The studio's SQL client on SQLite: the same file in DATA_DIR as the contact messages. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { createStudioStore, type SqlClient, type StudioStore } from '../studio/studio-store.ts';
import { SQLITE_FILE } from './sqlite-store.ts';

/** `$1` placeholders as SQLite spells numbered ones: `?1`. */
const numbered = (sql: string) => sql.replace(/\$(\d+)/g, '?$1');

/**
 * A SQL client on the database in `dataDir` (created if needed): the studio's and the numbers'
 * stores each open their own connection to the file the contact messages are in.
 */
export function openSqliteClient(dataDir: string): SqlClient {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, SQLITE_FILE));
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  const values = (list: readonly unknown[]) => list as SQLInputValue[];
  // One transaction at a time on this connection: work awaited inside one must not find
  // another's BEGIN already open.
  let queue: Promise<unknown> = Promise.resolve();
  const client: SqlClient = {
    dialect: 'sqlite',
    all: async <T>(sql: string, list: readonly unknown[] = []) => db.prepare(numbered(sql)).all(...values(list)) as T[],
    run: async (sql, list = []) => Number(db.prepare(numbered(sql)).run(...values(list)).changes),
    transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(client);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => db.close(),
  };
  return client;
}

/** Opens (creating if needed) the database in `dataDir` with the studio's tables up to date. */
export async function openSqliteStudioStore(dataDir: string): Promise<StudioStore> {
  const client = openSqliteClient(dataDir);
  try {
    return await createStudioStore(client);
  } catch (error) {
    await client.close();
    throw error;
  }
}
