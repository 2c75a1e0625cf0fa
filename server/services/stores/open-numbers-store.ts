/** Opens the numbers' store where the contact messages are: PostgreSQL, else SQLite in DATA_DIR. */
import { createNumbersStore, type NumbersStore } from '../numbers/numbers-store.ts';
import { openOver, type StoreLocation } from './connect.ts';

/** Opens the store; rejects when it cannot be used. */
export function openNumbersStore(location: StoreLocation): Promise<NumbersStore> {
  return openOver(location, createNumbersStore);
}
