/**
 * The studio's rows kept under a token's hash until they expire: the invitations and the
 * pending WebAuthn challenges.
 */
import type { Insertable } from 'kysely';
import type { Database, Db } from '../stores/database.ts';

type ExpiringTable = 'studio_invitations' | 'studio_challenges';

/**
 * Saves `row` in `table`, first deleting the rows there expired by `now`: nobody can use them,
 * so they go as new ones come.
 */
export async function saveExpiring<T extends ExpiringTable>(
  db: Db,
  table: T,
  now: number,
  row: Insertable<Database[T]>,
): Promise<void> {
  // Kysely resolves the column both tables share on their names, not on the generic one.
  const sweep: ExpiringTable = table;
  await db.deleteFrom(sweep).where('expires_ms', '<=', now).execute();
  await db.insertInto(table).values(row).execute();
}
