/** Opens the numbers' store where the contact messages are: PostgreSQL, else SQLite in DATA_DIR. */
import { createNumbersStore, type NumbersStore } from '../numbers/numbers-store.ts';
import type { StoreLocation } from './open-store.ts';
import { openPostgresClient } from './studio-postgres.ts';
import { openSqliteClient } from './studio-sqlite.ts';

/** Opens the store; rejects when it cannot be used. */
export async function openNumbersStore(location: StoreLocation): Promise<NumbersStore> {
  const client = location.databaseUrl ? openPostgresClient(location.databaseUrl) : openSqliteClient(location.dataDir);
  try {
    return await createNumbersStore(client);
  } catch (error) {
    await client.close();
    throw error;
  }
}
