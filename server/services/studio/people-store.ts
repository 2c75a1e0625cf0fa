/** Who may edit the site: the invitations that let someone register, and the people who did. */
import { INVITATION_LIFETIME_MS } from './lifetimes.ts';
import type { Db } from '../stores/database.ts';
import { saveExpiring } from './expiring-rows.ts';
import type { StudioPerson } from './studio-person.ts';
import {
  insertPasskey,
  passkeysOf,
  personRow,
  toPerson,
  type NewPasskey,
  type StoredPasskey,
  type StoredPerson,
} from './studio-rows.ts';

/** A person as `npm run studio -- list` shows them. */
export interface PersonListing {
  name: string;
  email: string | null;
  createdMs: number;
  passkeys: StoredPasskey[];
}

export interface PeopleStore {
  /** Records an invitation for `name`, valid a day from `now`, by its token's hash. */
  invite(name: string, tokenHash: string, now?: number): Promise<void>;
  /** The name an unused, unexpired invitation is for, else null. */
  invitation(tokenHash: string, now?: number): Promise<string | null>;
  /**
   * Uses the invitation once: creates its person with their first passkey, in one
   * transaction. Null when it is used, expired or unknown, or the name is taken meanwhile.
   */
  register(tokenHash: string, userHandle: string, passkey: NewPasskey, now?: number): Promise<StudioPerson | null>;
  person(id: number): Promise<StoredPerson | null>;
  personNamed(name: string): Promise<StoredPerson | null>;
  /** Everyone with their passkeys, by name. */
  people(): Promise<PersonListing[]>;
  /** Removes a person, their passkeys and sessions; false when nobody has the name. */
  removePerson(name: string): Promise<boolean>;
  /** Sets (or, with null, forgets) the person's mail address; false when nobody has the name. */
  setEmail(name: string, email: string | null): Promise<boolean>;
}

/** The people and invitations kept in `db`. */
export function peopleStore(db: Db): PeopleStore {
  return {
    invite: (name, tokenHash, now = Date.now()) =>
      saveExpiring(db, 'studio_invitations', now, {
        token_hash: tokenHash,
        name,
        created_ms: now,
        expires_ms: now + INVITATION_LIFETIME_MS,
      }),
    async invitation(tokenHash, now = Date.now()) {
      const row = await db
        .selectFrom('studio_invitations')
        .select('name')
        .where('token_hash', '=', tokenHash)
        .where('used_ms', 'is', null)
        .where('expires_ms', '>', now)
        .executeTakeFirst();
      return row?.name ?? null;
    },
    register: (tokenHash, userHandle, passkey, now = Date.now()) =>
      db
        .transaction()
        .execute(async (trx) => {
          const used = await trx
            .updateTable('studio_invitations')
            .set({ used_ms: now })
            .where('token_hash', '=', tokenHash)
            .where('used_ms', 'is', null)
            .where('expires_ms', '>', now)
            .returning('name')
            .executeTakeFirst();
          if (!used) return null;
          const person = await trx
            .insertInto('studio_people')
            .values({ name: used.name, user_handle: userHandle, created_ms: now })
            .returning(['id', 'name'])
            .executeTakeFirstOrThrow();
          await insertPasskey(trx, person.id, passkey, now);
          return { id: person.id, name: person.name };
        })
        // Someone registered under the name meanwhile: nothing of this attempt is kept.
        .catch((error: unknown) => {
          if (/unique/i.test((error as Error).message)) return null;
          throw error;
        }),
    async person(id) {
      const row = await personRow(db, id);
      return row ? toPerson(row) : null;
    },
    async personNamed(name) {
      const row = await db.selectFrom('studio_people').selectAll().where('name', '=', name).executeTakeFirst();
      return row ? toPerson(row) : null;
    },
    async people() {
      const rows = await db.selectFrom('studio_people').selectAll().orderBy('name').orderBy('id').execute();
      return Promise.all(
        rows.map(async (row) => ({
          name: row.name,
          email: row.email,
          createdMs: row.created_ms,
          passkeys: await passkeysOf(db, row.id),
        })),
      );
    },
    async removePerson(name) {
      // The passkeys and sessions go with the person (ON DELETE CASCADE), and so do the
      // invitations still open for the name.
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('studio_invitations').where('name', '=', name).execute();
        const result = await trx.deleteFrom('studio_people').where('name', '=', name).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },
    async setEmail(name, email) {
      const result = await db.updateTable('studio_people').set({ email }).where('name', '=', name).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
