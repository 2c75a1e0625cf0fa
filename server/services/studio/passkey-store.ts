/** The passkeys people sign in with: adding, naming, using and removing them. */
import { firstRow, type SqlClient } from './sql-client.ts';
import {
  INSERT_PASSKEY,
  passkeyValues,
  passkeysOf,
  toPasskey,
  toPerson,
  type NewPasskey,
  type PasskeyRow,
  type PersonRow,
  type StoredPasskey,
  type StoredPerson,
} from './studio-rows.ts';

/** What removing a passkey did: removed it, refused because it is the person's last, or found none of theirs. */
export type PasskeyRemoval = 'removed' | 'last' | 'unknown';

export interface PasskeyStore {
  addPasskey(personId: number, passkey: NewPasskey, now?: number): Promise<void>;
  /** Names one of the person's passkeys (null: back to its date); false when they have no such passkey. */
  namePasskey(personId: number, id: string, name: string | null): Promise<boolean>;
  /**
   * Removes one of the person's passkeys and ends the sessions signed in with it, in one
   * transaction; never their last one.
   */
  removePasskey(personId: number, id: string): Promise<PasskeyRemoval>;
  /** Removes every passkey of the person but `keepId`, and the sessions signed in with them; resolves to how many. */
  removeOtherPasskeys(personId: number, keepId: string): Promise<number>;
  /** A passkey by its credential id, with its person. */
  passkey(id: string): Promise<{ passkey: StoredPasskey; person: StoredPerson } | null>;
  /** Records a sign-in with the passkey and the signature counter it reported. */
  usePasskey(id: string, counter: number, now?: number): Promise<void>;
  passkeysOf(personId: number): Promise<StoredPasskey[]>;
}

/** The passkeys kept over `sql`. */
export function passkeyStore(sql: SqlClient): PasskeyStore {
  return {
    async addPasskey(personId, passkey, now = Date.now()) {
      await sql.run(INSERT_PASSKEY, passkeyValues(personId, passkey, now));
    },
    async namePasskey(personId, id, name) {
      return (
        (await sql.run('UPDATE studio_passkeys SET name = $1 WHERE id = $2 AND person_id = $3', [name, id, personId])) >
        0
      );
    },
    removePasskey: (personId, id) =>
      // Counted and removed in one transaction: two removals at once cannot leave nobody a passkey.
      sql.transaction(async (tx) => {
        const owned = await tx.all<{ id: string }>('SELECT id FROM studio_passkeys WHERE person_id = $1', [personId]);
        if (!owned.some((row) => row.id === id)) return 'unknown';
        if (owned.length === 1) return 'last';
        await tx.run('DELETE FROM studio_sessions WHERE passkey_id = $1', [id]);
        await tx.run('DELETE FROM studio_passkeys WHERE id = $1', [id]);
        return 'removed';
      }),
    removeOtherPasskeys: (personId, keepId) =>
      sql.transaction(async (tx) => {
        await tx.run(
          `DELETE FROM studio_sessions WHERE person_id = $1 AND passkey_id IS NOT NULL AND passkey_id <> $2`,
          [personId, keepId],
        );
        return tx.run('DELETE FROM studio_passkeys WHERE person_id = $1 AND id <> $2', [personId, keepId]);
      }),
    async passkey(id) {
      const passkey = await firstRow<PasskeyRow>(sql, 'SELECT * FROM studio_passkeys WHERE id = $1', [id]);
      if (!passkey) return null;
      const person = await firstRow<PersonRow>(sql, 'SELECT * FROM studio_people WHERE id = $1', [passkey.person_id]);
      return person ? { passkey: toPasskey(passkey), person: toPerson(person) } : null;
    },
    async usePasskey(id, counter, now = Date.now()) {
      await sql.run('UPDATE studio_passkeys SET counter = $1, last_used_ms = $2 WHERE id = $3', [counter, now, id]);
    },
    passkeysOf: (personId) => passkeysOf(sql, personId),
  };
}
