/** Where the artist's terminal tools find the server's stores: as the server's configuration says. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { SQLITE_FILE, storeLocation, type StoreLocation } from '../server/services/stores/open-store.ts';

/** The stores' location from the configuration (DATABASE_URL, else DATA_DIR); exits naming what is wrong with it. */
export function configuredStoreLocation(): StoreLocation {
  try {
    return storeLocation(loadConfig());
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** Whether anything was stored yet: a PostgreSQL database always answers, a SQLite file exists once made. */
export const storeExists = (location: StoreLocation): boolean =>
  location.databaseUrl !== null || existsSync(join(location.dataDir, SQLITE_FILE));
