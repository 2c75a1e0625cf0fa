/** Opens the studio's store where the contact messages are: PostgreSQL, else SQLite in DATA_DIR. */
import type { StudioStore } from '../studio/studio-store.ts';
import type { StoreLocation } from './open-store.ts';
import { openPostgresStudioStore } from './studio-postgres.ts';
import { openSqliteStudioStore } from './studio-sqlite.ts';

/** Opens the store; rejects when it cannot be used. */
export function openStudioStore(location: StoreLocation): Promise<StudioStore> {
  return location.databaseUrl ? openPostgresStudioStore(location.databaseUrl) : openSqliteStudioStore(location.dataDir);
}
