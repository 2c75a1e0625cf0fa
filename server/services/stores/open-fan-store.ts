/** Opens the fans' list where the contact messages are: PostgreSQL, else SQLite in DATA_DIR. */
import { fanStore, type FanStore } from '../fans/fan-store.ts';
import { openOver, type StoreLocation } from './connect.ts';

/** Opens the store; rejects when it cannot be used. */
export function openFanStore(location: StoreLocation): Promise<FanStore> {
  return openOver(location, fanStore);
}
