/** Opens the studio's store where the contact messages are: PostgreSQL, else SQLite in DATA_DIR. */
import { createStudioStore, type StudioStore } from '../studio/studio-store.ts';
import { openOver, type StoreLocation } from './connect.ts';

/** Opens the store; rejects when it cannot be used. */
export function openStudioStore(location: StoreLocation): Promise<StudioStore> {
  return openOver(location, createStudioStore);
}

/** The store in the SQLite file in `dataDir` (created if needed). */
export const openSqliteStudioStore = (dataDir: string): Promise<StudioStore> =>
  openStudioStore({ databaseUrl: null, dataDir });

/** The store in the PostgreSQL database at `url`. */
export const openPostgresStudioStore = (url: string): Promise<StudioStore> =>
  openStudioStore({ databaseUrl: url, dataDir: '' });
