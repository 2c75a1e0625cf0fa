/** The studio's tables, for both engines, in the order they came (sql-client.ts applies them). */
export const STUDIO_MIGRATIONS: readonly string[] = [
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

/** Instances starting together on one PostgreSQL migrate once, under this advisory lock. */
export const STUDIO_MIGRATION_LOCK = 7_316_101;
