/** The passkeys people sign in with: adding, naming, using and removing them. */
import type { Db } from '../stores/database.ts';
import {
  insertPasskey,
  passkeysOf,
  personRow,
  toPasskey,
  toPerson,
  type NewPasskey,
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

/** The passkeys kept in `db`. */
export function passkeyStore(db: Db): PasskeyStore {
  return {
    addPasskey: (personId, passkey, now = Date.now()) => insertPasskey(db, personId, passkey, now),
    async namePasskey(personId, id, name) {
      const result = await db
        .updateTable('studio_passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    removePasskey: (personId, id) =>
      // Counted and removed in one transaction: two removals at once cannot leave nobody a passkey.
      db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('studio_passkeys').select('id').where('person_id', '=', personId).execute();
        if (!owned.some((row) => row.id === id)) return 'unknown';
        if (owned.length === 1) return 'last';
        await trx.deleteFrom('studio_sessions').where('passkey_id', '=', id).execute();
        await trx.deleteFrom('studio_passkeys').where('id', '=', id).execute();
        return 'removed';
      }),
    removeOtherPasskeys: (personId, keepId) =>
      db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('studio_sessions')
          .where('person_id', '=', personId)
          .where('passkey_id', 'is not', null)
          .where('passkey_id', '<>', keepId)
          .execute();
        const result = await trx
          .deleteFrom('studio_passkeys')
          .where('person_id', '=', personId)
          .where('id', '<>', keepId)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }),
    async passkey(id) {
      const passkey = await db.selectFrom('studio_passkeys').selectAll().where('id', '=', id).executeTakeFirst();
      if (!passkey) return null;
      const person = await personRow(db, passkey.person_id);
      return person ? { passkey: toPasskey(passkey), person: toPerson(person) } : null;
    },
    async usePasskey(id, counter, now = Date.now()) {
      await db.updateTable('studio_passkeys').set({ counter, last_used_ms: now }).where('id', '=', id).execute();
    },
    passkeysOf: (personId) => passkeysOf(db, personId),
  };
}
