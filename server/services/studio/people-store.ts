/** Who may edit the site: the invitations that let someone register, and the people who did. */
import { INVITATION_LIFETIME_MS } from './lifetimes.ts';
import { firstRow, type SqlClient } from './sql-client.ts';
import type { StudioPerson } from './studio-person.ts';
import {
  INSERT_PASSKEY,
  passkeyValues,
  passkeysOf,
  toPerson,
  type NewPasskey,
  type PersonRow,
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

/** The people and invitations kept over `sql`. */
export function peopleStore(sql: SqlClient): PeopleStore {
  return {
    async invite(name, tokenHash, now = Date.now()) {
      // Expired invitations are of no use to anyone: they go as new ones come.
      await sql.run('DELETE FROM studio_invitations WHERE expires_ms <= $1', [now]);
      await sql.run(
        'INSERT INTO studio_invitations (token_hash, name, created_ms, expires_ms) VALUES ($1, $2, $3, $4)',
        [tokenHash, name, now, now + INVITATION_LIFETIME_MS],
      );
    },
    async invitation(tokenHash, now = Date.now()) {
      const row = await firstRow<{ name: string }>(
        sql,
        'SELECT name FROM studio_invitations WHERE token_hash = $1 AND used_ms IS NULL AND expires_ms > $2',
        [tokenHash, now],
      );
      return row?.name ?? null;
    },
    register: (tokenHash, userHandle, passkey, now = Date.now()) =>
      sql
        .transaction(async (tx) => {
          const [used] = await tx.all<{ name: string }>(
            `UPDATE studio_invitations SET used_ms = $1
             WHERE token_hash = $2 AND used_ms IS NULL AND expires_ms > $1 RETURNING name`,
            [now, tokenHash],
          );
          if (!used) return null;
          const [person] = await tx.all<PersonRow>(
            'INSERT INTO studio_people (name, user_handle, created_ms) VALUES ($1, $2, $3) RETURNING *',
            [used.name, userHandle, now],
          );
          if (!person) throw new Error('the new person was not returned');
          await tx.run(INSERT_PASSKEY, passkeyValues(person.id, passkey, now));
          return { id: person.id, name: person.name };
        })
        // Someone registered under the name meanwhile: nothing of this attempt is kept.
        .catch((error: unknown) => {
          if (/unique/i.test((error as Error).message)) return null;
          throw error;
        }),
    async person(id) {
      const row = await firstRow<PersonRow>(sql, 'SELECT * FROM studio_people WHERE id = $1', [id]);
      return row ? toPerson(row) : null;
    },
    async personNamed(name) {
      const row = await firstRow<PersonRow>(sql, 'SELECT * FROM studio_people WHERE name = $1', [name]);
      return row ? toPerson(row) : null;
    },
    async people() {
      const rows = await sql.all<PersonRow>('SELECT * FROM studio_people ORDER BY name, id');
      return Promise.all(
        rows.map(async (row) => ({
          name: row.name,
          email: row.email,
          createdMs: row.created_ms,
          passkeys: await passkeysOf(sql, row.id),
        })),
      );
    },
    async removePerson(name) {
      // The passkeys and sessions go with the person (ON DELETE CASCADE), and so do the
      // invitations still open for the name.
      return sql.transaction(async (tx) => {
        await tx.run('DELETE FROM studio_invitations WHERE name = $1', [name]);
        return (await tx.run('DELETE FROM studio_people WHERE name = $1', [name])) > 0;
      });
    },
    async setEmail(name, email) {
      return (await sql.run('UPDATE studio_people SET email = $1 WHERE name = $2', [email, name])) > 0;
    },
  };
}
