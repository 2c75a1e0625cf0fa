/**
 * The two engines a store runs on, for the suites that hold each store to the same rules on
 * both: a real PostgreSQL server started once for the file, and temporary folders for SQLite
 * files, all removed when the file ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type PostgresServer } from '../../../perf/harness/engines.ts';

export interface BothEngines {
  /** A URL for a new, empty PostgreSQL database. */
  postgresDatabase(): Promise<string>;
  /** A new temporary folder, for a SQLite file. */
  sqliteFolder(prefix: string): string;
  /** Each engine by name, with the app's configuration for a new, empty database on it. */
  appDatabases: [string, () => Promise<Record<string, string>>][];
}

export function useBothEngines(): BothEngines {
  let postgres: PostgresServer | undefined;
  const folders: string[] = [];
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const postgresDatabase = () => {
    if (!postgres) throw new Error('PostgreSQL did not start; see the error of beforeAll.');
    return postgres.createDatabase();
  };
  return {
    postgresDatabase,
    sqliteFolder(prefix) {
      const folder = mkdtempSync(join(tmpdir(), prefix));
      folders.push(folder);
      return folder;
    },
    appDatabases: [
      // The app keeps its SQLite files in its own data folder.
      ['SQLite', async () => ({})],
      ['PostgreSQL', async () => ({ DATABASE_URL: await postgresDatabase() })],
    ],
  };
}
