/**
 * Every store's schema, one list of migrations for both engines, run by Kysely's Migrator when
 * a store opens. Instances starting together migrate once: on PostgreSQL the Migrator holds an
 * advisory lock, on SQLite the migration's immediate transaction locks the file.
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import { createFans } from './fans-schema.ts';
import { createStores } from './first-schema.ts';

/** In the order they run (by name); a new one goes at the end, and none changes once released. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-stores': { up: createStores },
  '0002-fans': { up: createFans },
};

/** Brings the database up to date; rejects naming the migration that failed. */
export async function migrate(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`cannot migrate the database${failed ? ` (${failed})` : ''}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
