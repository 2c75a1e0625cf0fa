/**
 * The schema the stores had before Kysely, at its last version, on each engine: what a
 * deployed site's database holds, with the three ledgers that recorded it. `{id}`, `{int}` and
 * `{flag}` are each engine's types, as that code spelled them.
 */
const SCHEMA = `
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
CREATE TABLE studio_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
CREATE TABLE numbers_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
CREATE TABLE messages (
  id {id}, created_at TEXT NOT NULL, created_ms {int} NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
  message TEXT NOT NULL, lang TEXT NOT NULL, fingerprint TEXT NOT NULL, artist_status TEXT NOT NULL DEFAULT 'pending',
  reply_status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, next_attempt_at {int} NOT NULL,
  delivered_at TEXT, lease_until {int}, reply_key TEXT, artist_digest {flag}, read_at TEXT, handled_at TEXT,
  reply_skip_reason TEXT
);
CREATE INDEX messages_due ON messages (next_attempt_at)
  WHERE artist_status = 'pending' OR artist_status = 'held' OR reply_status = 'pending';
CREATE INDEX messages_fingerprint ON messages (fingerprint, created_ms);
CREATE INDEX messages_email ON messages ({email}, created_ms);
CREATE INDEX messages_created ON messages (created_ms);
CREATE INDEX messages_reply_key ON messages (reply_key, created_ms);
CREATE INDEX messages_artist_mails ON messages (artist_status, artist_digest, delivered_at);
CREATE INDEX messages_unread ON messages (id) WHERE read_at IS NULL;
CREATE TABLE studio_people (id {id}, name TEXT NOT NULL UNIQUE, user_handle TEXT NOT NULL UNIQUE, created_ms {int} NOT NULL, email TEXT);
CREATE TABLE studio_passkeys (
  id TEXT PRIMARY KEY, person_id {int} NOT NULL REFERENCES studio_people (id) ON DELETE CASCADE,
  public_key TEXT NOT NULL, counter {int} NOT NULL, transports TEXT NOT NULL, created_ms {int} NOT NULL,
  last_used_ms {int}, name TEXT
);
CREATE INDEX studio_passkeys_person ON studio_passkeys (person_id);
CREATE TABLE studio_invitations (token_hash TEXT PRIMARY KEY, name TEXT NOT NULL, created_ms {int} NOT NULL, expires_ms {int} NOT NULL, used_ms {int});
CREATE TABLE studio_sessions (
  token_hash TEXT PRIMARY KEY, person_id {int} NOT NULL REFERENCES studio_people (id) ON DELETE CASCADE,
  created_ms {int} NOT NULL, last_seen_ms {int} NOT NULL, passkey_id TEXT, step_up_ms {int}, step_up_passkey TEXT
);
CREATE INDEX studio_sessions_person ON studio_sessions (person_id);
CREATE INDEX studio_sessions_seen ON studio_sessions (last_seen_ms);
CREATE TABLE studio_challenges (token_hash TEXT PRIMARY KEY, challenge TEXT NOT NULL, purpose TEXT NOT NULL, subject TEXT NOT NULL, expires_ms {int} NOT NULL);
CREATE TABLE studio_notices (
  id {id}, person_id {int} NOT NULL REFERENCES studio_people (id) ON DELETE CASCADE, kind TEXT NOT NULL,
  lang TEXT NOT NULL, created_ms {int} NOT NULL, next_attempt_ms {int} NOT NULL, attempts {int} NOT NULL DEFAULT 0,
  lease_until_ms {int} NOT NULL DEFAULT 0, last_error TEXT
);
CREATE TABLE numbers_counts (day TEXT NOT NULL, event TEXT NOT NULL, subject TEXT NOT NULL, detail TEXT NOT NULL, count {int} NOT NULL, PRIMARY KEY (day, event, subject, detail));
CREATE TABLE numbers_vitals (day TEXT NOT NULL, page TEXT NOT NULL, metric TEXT NOT NULL, bucket INTEGER NOT NULL, count {int} NOT NULL, PRIMARY KEY (day, page, metric, bucket));
INSERT INTO studio_migrations VALUES (1, 'then'), (2, 'then');
INSERT INTO numbers_migrations VALUES (1, 'then');
INSERT INTO messages (created_at, created_ms, name, email, message, lang, fingerprint, reply_status, next_attempt_at, reply_key)
  VALUES ('1970-01-01T00:00:01.000Z', 1000, 'Old fan', 'old@example.org', 'Kept across the upgrade', 'es', 'x', 'sent', 1000, 'old@example.org');
INSERT INTO studio_people (name, user_handle, created_ms) VALUES ('Ana', 'aGFuZGxl', 1000);
INSERT INTO studio_sessions (token_hash, person_id, created_ms, last_seen_ms) VALUES ('old-session', 1, 1000, 1000);
INSERT INTO numbers_counts VALUES ('2026-03-01', 'view', '/pt/', 'pt', 7);
`;

const TYPES = {
  sqlite: {
    id: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    int: 'INTEGER',
    flag: 'INTEGER NOT NULL DEFAULT 0',
    email: 'email',
  },
  postgres: {
    id: 'BIGSERIAL PRIMARY KEY',
    int: 'BIGINT',
    flag: 'BOOLEAN NOT NULL DEFAULT false',
    email: 'lower(email)',
  },
};

/** The statements that make the old schema with a message, a session and a count, on `engine`. */
export function preKyselyDatabase(engine: keyof typeof TYPES, messagesVersion = engine === 'sqlite' ? 6 : 4): string {
  const types = TYPES[engine];
  const versions = Array.from({ length: messagesVersion }, (_, index) => `(${index + 1}, 'then')`).join(', ');
  return `${SCHEMA.replace(/\{(id|int|flag|email)\}/g, (_, key: keyof typeof types) => types[key])}
INSERT INTO schema_migrations VALUES ${versions};`;
}
