/**
 * Who may edit the site, stored beside the contact messages: people, their passkeys, the
 * invitations that let someone register one, sessions and pending WebAuthn challenges. Written
 * once over a small SQL client that SQLite and PostgreSQL each provide (stores/studio-*.ts);
 * tokens are kept only as hashes (tokens.ts).
 */
import { CHALLENGE_LIFETIME_MS, INVITATION_LIFETIME_MS, type SessionLifetimes } from './lifetimes.ts';
import type { StudioPerson } from './studio-person.ts';

/** The SQL an engine runs: `$1`-style placeholders, numbers and strings as values. */
export interface SqlClient {
  readonly dialect: 'sqlite' | 'postgres';
  all<T>(sql: string, values?: readonly unknown[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, values?: readonly unknown[]): Promise<number>;
  /** Runs `work` in one transaction (other writers wait), committed if it resolves. */
  transaction<T>(work: (client: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

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
  createdMs: number;
  lastUsedMs: number | null;
}

/** A person and the WebAuthn user handle (base64url) their passkeys are registered under. */
export interface StoredPerson extends StudioPerson {
  userHandle: string;
}

/** A person as `npm run studio -- list` shows them. */
export interface PersonListing {
  name: string;
  createdMs: number;
  passkeys: StoredPasskey[];
}

/** What a pending challenge is for, and for whom (an invitation's hash, a person's id). */
export interface PendingChallenge {
  challenge: string;
  purpose: 'invitation' | 'sign-in' | 'add-passkey';
  subject: string;
}

export interface StudioStore {
  /** Records an invitation for `name`, valid a day from `now`, by its token's hash. */
  invite(name: string, tokenHash: string, now?: number): Promise<void>;
  /** The name an unused, unexpired invitation is for, else null. */
  invitation(tokenHash: string, now?: number): Promise<string | null>;
  /**
   * Uses the invitation once: creates its person with their first passkey, in one
   * transaction. Null when it is used, expired or unknown, or the name is taken meanwhile.
   */
  register(tokenHash: string, userHandle: string, passkey: NewPasskey, now?: number): Promise<StudioPerson | null>;
  addPasskey(personId: number, passkey: NewPasskey, now?: number): Promise<void>;
  /** A passkey by its credential id, with its person. */
  passkey(id: string): Promise<{ passkey: StoredPasskey; person: StoredPerson } | null>;
  /** Records a sign-in with the passkey and the signature counter it reported. */
  usePasskey(id: string, counter: number, now?: number): Promise<void>;
  passkeysOf(personId: number): Promise<StoredPasskey[]>;
  person(id: number): Promise<StoredPerson | null>;
  personNamed(name: string): Promise<StoredPerson | null>;
  /** Everyone with their passkeys, by name. */
  people(): Promise<PersonListing[]>;
  /** Removes a person, their passkeys and sessions; false when nobody has the name. */
  removePerson(name: string): Promise<boolean>;
  startSession(personId: number, tokenHash: string, now?: number): Promise<void>;
  /**
   * The person of a session that is within both lifetimes, marking it used now; null (and the
   * session gone) past either.
   */
  session(tokenHash: string, lifetimes: SessionLifetimes, now?: number): Promise<StudioPerson | null>;
  endSession(tokenHash: string): Promise<void>;
  endSessionsOf(personId: number): Promise<void>;
  /** Keeps a challenge for five minutes under its cookie token's hash. */
  saveChallenge(tokenHash: string, pending: PendingChallenge, now?: number): Promise<void>;
  /** Takes the challenge out (it answers once), or null when it is unknown or expired. */
  takeChallenge(tokenHash: string, now?: number): Promise<PendingChallenge | null>;
  close(): Promise<void>;
}

/** Each table's SQL for both engines: `{id}` is the engine's auto-increment key, `{int}` a 64-bit integer. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE studio_people (
     id {id},
     name TEXT NOT NULL UNIQUE,
     user_handle TEXT NOT NULL UNIQUE,
     created_ms {int} NOT NULL
   );
   CREATE TABLE studio_passkeys (
     id TEXT PRIMARY KEY,
     person_id {int} NOT NULL REFERENCES studio_people (id) ON DELETE CASCADE,
     public_key TEXT NOT NULL,
     counter {int} NOT NULL,
     transports TEXT NOT NULL,
     created_ms {int} NOT NULL,
     last_used_ms {int}
   );
   CREATE INDEX studio_passkeys_person ON studio_passkeys (person_id);
   CREATE TABLE studio_invitations (
     token_hash TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     created_ms {int} NOT NULL,
     expires_ms {int} NOT NULL,
     used_ms {int}
   );
   CREATE TABLE studio_sessions (
     token_hash TEXT PRIMARY KEY,
     person_id {int} NOT NULL REFERENCES studio_people (id) ON DELETE CASCADE,
     created_ms {int} NOT NULL,
     last_seen_ms {int} NOT NULL
   );
   CREATE INDEX studio_sessions_person ON studio_sessions (person_id);
   CREATE TABLE studio_challenges (
     token_hash TEXT PRIMARY KEY,
     challenge TEXT NOT NULL,
     purpose TEXT NOT NULL,
     subject TEXT NOT NULL,
     expires_ms {int} NOT NULL
   );`,
];

const TYPES = {
  sqlite: { id: 'INTEGER PRIMARY KEY AUTOINCREMENT', int: 'INTEGER' },
  postgres: { id: 'BIGSERIAL PRIMARY KEY', int: 'BIGINT' },
};

/** Instances starting together on one PostgreSQL migrate once, under this advisory lock. */
const MIGRATION_LOCK = 7_316_101;

/**
 * Applies the migrations not yet recorded in the table `ledger`, in one transaction, under the
 * advisory `lock` on PostgreSQL. In each, `{id}` is the engine's auto-increment key and `{int}`
 * a 64-bit integer.
 */
export async function applyMigrations(
  sql: SqlClient,
  ledger: string,
  lock: number,
  migrations: readonly string[],
): Promise<void> {
  const types = TYPES[sql.dialect];
  await sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock($1)', [lock]);
    await tx.run(`CREATE TABLE IF NOT EXISTS ${ledger} (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const applied = new Set(
      (await tx.all<{ version: number }>(`SELECT version FROM ${ledger}`)).map((row) => row.version),
    );
    for (const [index, template] of migrations.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      for (const statement of template.replaceAll('{id}', types.id).replaceAll('{int}', types.int).split(';')) {
        if (statement.trim()) await tx.run(statement);
      }
      await tx.run(`INSERT INTO ${ledger} (version, applied_at) VALUES ($1, $2)`, [version, new Date().toISOString()]);
    }
  });
}

interface PasskeyRow {
  id: string;
  person_id: number;
  public_key: string;
  counter: number;
  transports: string;
  created_ms: number;
  last_used_ms: number | null;
}
interface PersonRow {
  id: number;
  name: string;
  user_handle: string;
  created_ms: number;
}

const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  personId: row.person_id,
  publicKey: row.public_key,
  counter: row.counter,
  transports: JSON.parse(row.transports) as string[],
  createdMs: row.created_ms,
  lastUsedMs: row.last_used_ms,
});
const toPerson = (row: PersonRow): StoredPerson => ({ id: row.id, name: row.name, userHandle: row.user_handle });

const INSERT_PASSKEY =
  'INSERT INTO studio_passkeys (id, person_id, public_key, counter, transports, created_ms) VALUES ($1, $2, $3, $4, $5, $6)';
const passkeyValues = (personId: number, passkey: NewPasskey, now: number) => [
  passkey.id,
  personId,
  passkey.publicKey,
  passkey.counter,
  JSON.stringify(passkey.transports),
  now,
];

/** Migrates the database and returns the store over it. */
export async function createStudioStore(sql: SqlClient): Promise<StudioStore> {
  await applyMigrations(sql, 'studio_migrations', MIGRATION_LOCK, MIGRATIONS);
  const one = async <T>(query: string, values: readonly unknown[]) => (await sql.all<T>(query, values))[0] ?? null;
  const passkeysOf = async (personId: number) =>
    (
      await sql.all<PasskeyRow>('SELECT * FROM studio_passkeys WHERE person_id = $1 ORDER BY created_ms, id', [
        personId,
      ])
    ).map(toPasskey);

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
      const row = await one<{ name: string }>(
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
    async addPasskey(personId, passkey, now = Date.now()) {
      await sql.run(INSERT_PASSKEY, passkeyValues(personId, passkey, now));
    },
    async passkey(id) {
      const passkey = await one<PasskeyRow>('SELECT * FROM studio_passkeys WHERE id = $1', [id]);
      if (!passkey) return null;
      const person = await one<PersonRow>('SELECT * FROM studio_people WHERE id = $1', [passkey.person_id]);
      return person ? { passkey: toPasskey(passkey), person: toPerson(person) } : null;
    },
    async usePasskey(id, counter, now = Date.now()) {
      await sql.run('UPDATE studio_passkeys SET counter = $1, last_used_ms = $2 WHERE id = $3', [counter, now, id]);
    },
    passkeysOf,
    async person(id) {
      const row = await one<PersonRow>('SELECT * FROM studio_people WHERE id = $1', [id]);
      return row ? toPerson(row) : null;
    },
    async personNamed(name) {
      const row = await one<PersonRow>('SELECT * FROM studio_people WHERE name = $1', [name]);
      return row ? toPerson(row) : null;
    },
    async people() {
      const rows = await sql.all<PersonRow>('SELECT * FROM studio_people ORDER BY name, id');
      return Promise.all(
        rows.map(async (row) => ({ name: row.name, createdMs: row.created_ms, passkeys: await passkeysOf(row.id) })),
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
    async startSession(personId, tokenHash, now = Date.now()) {
      await sql.run(
        'INSERT INTO studio_sessions (token_hash, person_id, created_ms, last_seen_ms) VALUES ($1, $2, $3, $3)',
        [tokenHash, personId, now],
      );
    },
    async session(tokenHash, { idleMs, absoluteMs }, now = Date.now()) {
      const [row] = await sql.all<{ person_id: number }>(
        `UPDATE studio_sessions SET last_seen_ms = $1
         WHERE token_hash = $2 AND last_seen_ms > $3 AND created_ms > $4 RETURNING person_id`,
        [now, tokenHash, now - idleMs, now - absoluteMs],
      );
      if (!row) {
        await sql.run('DELETE FROM studio_sessions WHERE token_hash = $1', [tokenHash]);
        return null;
      }
      const person = await one<PersonRow>('SELECT * FROM studio_people WHERE id = $1', [row.person_id]);
      return person ? { id: person.id, name: person.name } : null;
    },
    async endSession(tokenHash) {
      await sql.run('DELETE FROM studio_sessions WHERE token_hash = $1', [tokenHash]);
    },
    async endSessionsOf(personId) {
      await sql.run('DELETE FROM studio_sessions WHERE person_id = $1', [personId]);
    },
    async saveChallenge(tokenHash, pending, now = Date.now()) {
      await sql.run('DELETE FROM studio_challenges WHERE expires_ms <= $1', [now]);
      await sql.run(
        'INSERT INTO studio_challenges (token_hash, challenge, purpose, subject, expires_ms) VALUES ($1, $2, $3, $4, $5)',
        [tokenHash, pending.challenge, pending.purpose, pending.subject, now + CHALLENGE_LIFETIME_MS],
      );
    },
    async takeChallenge(tokenHash, now = Date.now()) {
      const [row] = await sql.all<PendingChallenge & { expires_ms: number }>(
        'DELETE FROM studio_challenges WHERE token_hash = $1 RETURNING challenge, purpose, subject, expires_ms',
        [tokenHash],
      );
      if (!row || row.expires_ms <= now) return null;
      return { challenge: row.challenge, purpose: row.purpose, subject: row.subject };
    },
    close: () => sql.close(),
  };
}
