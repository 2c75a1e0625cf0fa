/**
 * Who may edit the site, stored beside the contact messages: people, their passkeys, the
 * invitations that let someone register one, sessions and pending WebAuthn challenges. Written
 * once over a small SQL client that SQLite and PostgreSQL each provide (stores/studio-*.ts);
 * tokens are kept only as hashes (tokens.ts).
 */
import { CHALLENGE_LIFETIME_MS, INVITATION_LIFETIME_MS, type SessionLifetimes } from './lifetimes.ts';
import type { Lang } from '../../../src/lib/languages.ts';
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

/** A person as `npm run studio -- list` shows them. */
export interface PersonListing {
  name: string;
  email: string | null;
  createdMs: number;
  passkeys: StoredPasskey[];
}

/** What a pending challenge is for, and for whom (an invitation's hash, a person's id). */
export interface PendingChallenge {
  challenge: string;
  purpose: 'invitation' | 'sign-in' | 'add-passkey' | 'step-up';
  subject: string;
}

/** What removing a passkey did: removed it, refused because it is the person's last, or found none of theirs. */
export type PasskeyRemoval = 'removed' | 'last' | 'unknown';

/** A mail to a person that waits in the store until it is sent: the announcement of a new passkey. */
export interface StudioNotice {
  id: number;
  kind: 'passkey-added';
  email: string;
  lang: Lang;
  createdMs: number;
  attempts: number;
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
  person(id: number): Promise<StoredPerson | null>;
  personNamed(name: string): Promise<StoredPerson | null>;
  /** Everyone with their passkeys, by name. */
  people(): Promise<PersonListing[]>;
  /** Removes a person, their passkeys and sessions; false when nobody has the name. */
  removePerson(name: string): Promise<boolean>;
  /** Sets (or, with null, forgets) the person's mail address; false when nobody has the name. */
  setEmail(name: string, email: string | null): Promise<boolean>;
  /** Starts a session, remembering the passkey it was signed in with. */
  startSession(personId: number, tokenHash: string, now?: number, passkeyId?: string): Promise<void>;
  /**
   * The person of a session that is within both lifetimes, marking it used now; null (and the
   * session gone) past either.
   */
  session(tokenHash: string, lifetimes: SessionLifetimes, now?: number): Promise<StudioPerson | null>;
  /** The passkey the session was signed in with, or null (unknown, or from before they were kept). */
  sessionPasskey(tokenHash: string): Promise<string | null>;
  endSession(tokenHash: string): Promise<void>;
  endSessionsOf(personId: number): Promise<void>;
  /** Deletes every session past either lifetime, and expired challenges and invitations; resolves to the sessions deleted. */
  sweep(lifetimes: SessionLifetimes, now?: number): Promise<number>;
  /** Records that the session's person just proved `passkeyId` again (a step-up). */
  recordStepUp(tokenHash: string, passkeyId: string, now?: number): Promise<void>;
  /**
   * Uses the session's step-up once: the passkey it proved, when that was at most `maxAgeMs`
   * ago, else null. Either way the session has no step-up afterwards.
   */
  takeStepUp(tokenHash: string, maxAgeMs: number, now?: number): Promise<string | null>;
  /** Queues a notice for the person, when they have a mail address; false when they have none. */
  queueNotice(personId: number, kind: StudioNotice['kind'], lang: Lang, now?: number): Promise<boolean>;
  /** Claims the oldest notice due and not leased, leased to the caller until `now + leaseMs`. */
  claimNotice(now: number, leaseMs: number): Promise<StudioNotice | null>;
  /** The notice is sent, or given up: it leaves the queue. */
  dropNotice(id: number): Promise<void>;
  /** Records a failed attempt; the notice is tried again at `nextAttemptMs`. */
  retryNotice(id: number, error: string, nextAttemptMs: number): Promise<void>;
  /** When the next notice is due, or null when none waits. */
  nextNoticeDue(): Promise<number | null>;
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
  // Passkeys named by their person, people's mail addresses, each session's passkey (removing
  // one ends them) and step-up, the queue of notices, and the sweep's index.
  `ALTER TABLE studio_passkeys ADD COLUMN name TEXT;
   ALTER TABLE studio_people ADD COLUMN email TEXT;
   ALTER TABLE studio_sessions ADD COLUMN passkey_id TEXT;
   ALTER TABLE studio_sessions ADD COLUMN step_up_ms {int};
   ALTER TABLE studio_sessions ADD COLUMN step_up_passkey TEXT;
   CREATE INDEX studio_sessions_seen ON studio_sessions (last_seen_ms);
   CREATE TABLE studio_notices (
     id {id},
     person_id {int} NOT NULL REFERENCES studio_people (id) ON DELETE CASCADE,
     kind TEXT NOT NULL,
     lang TEXT NOT NULL,
     created_ms {int} NOT NULL,
     next_attempt_ms {int} NOT NULL,
     attempts {int} NOT NULL DEFAULT 0,
     lease_until_ms {int} NOT NULL DEFAULT 0,
     last_error TEXT
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
  name: string | null;
}
interface PersonRow {
  id: number;
  name: string;
  user_handle: string;
  created_ms: number;
  email: string | null;
}

const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  personId: row.person_id,
  publicKey: row.public_key,
  counter: row.counter,
  transports: JSON.parse(row.transports) as string[],
  name: row.name,
  createdMs: row.created_ms,
  lastUsedMs: row.last_used_ms,
});
const toPerson = (row: PersonRow): StoredPerson => ({
  id: row.id,
  name: row.name,
  userHandle: row.user_handle,
  email: row.email,
});

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
        rows.map(async (row) => ({
          name: row.name,
          email: row.email,
          createdMs: row.created_ms,
          passkeys: await passkeysOf(row.id),
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
    async startSession(personId, tokenHash, now = Date.now(), passkeyId) {
      await sql.run(
        'INSERT INTO studio_sessions (token_hash, person_id, created_ms, last_seen_ms, passkey_id) VALUES ($1, $2, $3, $3, $4)',
        [tokenHash, personId, now, passkeyId ?? null],
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
    async sessionPasskey(tokenHash) {
      const row = await one<{ passkey_id: string | null }>(
        'SELECT passkey_id FROM studio_sessions WHERE token_hash = $1',
        [tokenHash],
      );
      return row?.passkey_id ?? null;
    },
    async endSession(tokenHash) {
      await sql.run('DELETE FROM studio_sessions WHERE token_hash = $1', [tokenHash]);
    },
    async endSessionsOf(personId) {
      await sql.run('DELETE FROM studio_sessions WHERE person_id = $1', [personId]);
    },
    async sweep({ idleMs, absoluteMs }, now = Date.now()) {
      await sql.run('DELETE FROM studio_challenges WHERE expires_ms <= $1', [now]);
      await sql.run('DELETE FROM studio_invitations WHERE expires_ms <= $1', [now]);
      return sql.run('DELETE FROM studio_sessions WHERE last_seen_ms <= $1 OR created_ms <= $2', [
        now - idleMs,
        now - absoluteMs,
      ]);
    },
    async recordStepUp(tokenHash, passkeyId, now = Date.now()) {
      await sql.run('UPDATE studio_sessions SET step_up_ms = $1, step_up_passkey = $2 WHERE token_hash = $3', [
        now,
        passkeyId,
        tokenHash,
      ]);
    },
    async takeStepUp(tokenHash, maxAgeMs, now = Date.now()) {
      const row = await one<{ step_up_passkey: string | null; step_up_ms: number | null }>(
        'SELECT step_up_passkey, step_up_ms FROM studio_sessions WHERE token_hash = $1',
        [tokenHash],
      );
      if (!row || row.step_up_ms === null) return null;
      // Taken only if it is still the one read: two requests at once cannot both use it.
      const taken = await sql.run(
        'UPDATE studio_sessions SET step_up_ms = NULL, step_up_passkey = NULL WHERE token_hash = $1 AND step_up_ms = $2',
        [tokenHash, row.step_up_ms],
      );
      // Too old counts as none, and is used up all the same.
      return taken > 0 && row.step_up_ms > now - maxAgeMs ? row.step_up_passkey : null;
    },
    async queueNotice(personId, kind, lang, now = Date.now()) {
      return (
        (await sql.run(
          `INSERT INTO studio_notices (person_id, kind, lang, created_ms, next_attempt_ms)
           SELECT id, CAST($2 AS TEXT), CAST($3 AS TEXT), CAST($4 AS BIGINT), CAST($4 AS BIGINT) FROM studio_people WHERE id = $1 AND email IS NOT NULL`,
          [personId, kind, lang, now],
        )) > 0
      );
    },
    async claimNotice(now, leaseMs) {
      const due = await one<{ id: number }>(
        'SELECT id FROM studio_notices WHERE next_attempt_ms <= $1 AND lease_until_ms <= $1 ORDER BY id LIMIT 1',
        [now],
      );
      if (!due) return null;
      // Claimed only if no other instance claimed it since it was read.
      const claimed = await sql.run(
        'UPDATE studio_notices SET lease_until_ms = $1 WHERE id = $2 AND lease_until_ms <= $3',
        [now + leaseMs, due.id, now],
      );
      if (claimed === 0) return null;
      const row = await one<{
        id: number;
        kind: 'passkey-added';
        lang: Lang;
        created_ms: number;
        attempts: number;
        email: string | null;
      }>(
        `SELECT n.id, n.kind, n.lang, n.created_ms, n.attempts, p.email
         FROM studio_notices n JOIN studio_people p ON p.id = n.person_id WHERE n.id = $1`,
        [due.id],
      );
      // The person forgot their address meanwhile: there is nobody to tell.
      if (!row?.email) {
        await sql.run('DELETE FROM studio_notices WHERE id = $1', [due.id]);
        return null;
      }
      return {
        id: row.id,
        kind: row.kind,
        email: row.email,
        lang: row.lang,
        createdMs: row.created_ms,
        attempts: row.attempts,
      };
    },
    async dropNotice(id) {
      await sql.run('DELETE FROM studio_notices WHERE id = $1', [id]);
    },
    async retryNotice(id, error, nextAttemptMs) {
      await sql.run(
        'UPDATE studio_notices SET attempts = attempts + 1, last_error = $1, next_attempt_ms = $2, lease_until_ms = 0 WHERE id = $3',
        [error.slice(0, 500), nextAttemptMs, id],
      );
    },
    async nextNoticeDue() {
      const row = await one<{ due: number | null }>(
        'SELECT MIN(CASE WHEN lease_until_ms > next_attempt_ms THEN lease_until_ms ELSE next_attempt_ms END) AS due FROM studio_notices',
        [],
      );
      return row?.due ?? null;
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
