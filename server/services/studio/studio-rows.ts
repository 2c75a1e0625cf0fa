/**
 * People and passkeys as the studio's tables hold them and as the rest of the server sees them;
 * both the people and the passkey queries read them, so the mapping is written once here.
 */
import type { Selectable } from 'kysely';
import type { Db, StudioPasskeysTable, StudioPeopleTable } from '../stores/database.ts';
import type { StudioPerson } from './studio-person.ts';

/** A passkey as WebAuthn verifies it. */
export interface NewPasskey {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

export interface StoredPasskey extends NewPasskey {
  personId: number;
  /** The name its person gave it, or null (the studio then names it by its date). */
  name: string | null;
  createdMs: number;
  lastUsedMs: number | null;
}

/** A person and the WebAuthn user handle (base64url) their passkeys are registered under. */
export interface StoredPerson extends StudioPerson {
  userHandle: string;
  /** Where the studio tells them of a new passkey (set with `npm run studio -- email`), or null. */
  email: string | null;
}

/** A row of studio_passkeys. */
export type PasskeyRow = Selectable<StudioPasskeysTable>;

/** A row of studio_people. */
export type PersonRow = Selectable<StudioPeopleTable>;

/** The passkey a row holds. */
export const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  personId: row.person_id,
  publicKey: row.public_key,
  counter: row.counter,
  transports: JSON.parse(row.transports) as string[],
  name: row.name,
  createdMs: row.created_ms,
  lastUsedMs: row.last_used_ms,
});

/** The person a row holds. */
export const toPerson = (row: PersonRow): StoredPerson => ({
  id: row.id,
  name: row.name,
  userHandle: row.user_handle,
  email: row.email,
});

/** Inserts a passkey: registering a person adds their first one, and they may add more. */
export async function insertPasskey(db: Db, personId: number, passkey: NewPasskey, now: number): Promise<void> {
  await db
    .insertInto('studio_passkeys')
    .values({
      id: passkey.id,
      person_id: personId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      created_ms: now,
    })
    .execute();
}

/** The person's passkeys, oldest first. */
export async function passkeysOf(db: Db, personId: number): Promise<StoredPasskey[]> {
  return (
    await db
      .selectFrom('studio_passkeys')
      .selectAll()
      .where('person_id', '=', personId)
      .orderBy('created_ms')
      .orderBy('id')
      .execute()
  ).map(toPasskey);
}

/** A person by id, or null. */
export async function personRow(db: Db, id: number): Promise<PersonRow | null> {
  return (await db.selectFrom('studio_people').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}
