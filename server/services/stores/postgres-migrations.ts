/**
 * The contact messages' schema in PostgreSQL, one step per version, and how instances starting
 * together apply the steps not yet recorded: once, under an advisory lock.
 */
import type pg from 'pg';

/** The schema, one step per version (exported for the upgrade test). */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  `CREATE TABLE messages (
     id BIGSERIAL PRIMARY KEY,
     created_at TEXT NOT NULL,
     created_ms BIGINT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     lang TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     artist_status TEXT NOT NULL DEFAULT 'pending',
     reply_status TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_attempt_at BIGINT NOT NULL,
     delivered_at TEXT,
     lease_until BIGINT
   );
   CREATE INDEX messages_due ON messages (next_attempt_at) WHERE artist_status = 'pending' OR reply_status = 'pending';
   CREATE INDEX messages_fingerprint ON messages (fingerprint, created_ms);
   CREATE INDEX messages_email ON messages (lower(email), created_ms);
   CREATE INDEX messages_created ON messages (created_ms);`,
  // The mailbox the address delivers to (mailboxKey), for one auto-reply per mailbox a day;
  // rows from before it get their lower-cased address, which is what they were compared by.
  `ALTER TABLE messages ADD COLUMN reply_key TEXT;
   UPDATE messages SET reply_key = lower(email);
   CREATE INDEX messages_reply_key ON messages (reply_key, created_ms);`,
  // Mails to the artist held for a digest: still due, and told apart from single mails when
  // counting those of the last hour.
  `ALTER TABLE messages ADD COLUMN artist_digest BOOLEAN NOT NULL DEFAULT false;
   DROP INDEX messages_due;
   CREATE INDEX messages_due ON messages (next_attempt_at)
     WHERE artist_status = 'pending' OR artist_status = 'held' OR reply_status = 'pending';
   CREATE INDEX messages_artist_mails ON messages (artist_status, artist_digest, delivered_at);`,
  // The studio's inbox: read and handled by the artist, and why a message got no auto-reply.
  `ALTER TABLE messages ADD COLUMN read_at TEXT;
   ALTER TABLE messages ADD COLUMN handled_at TEXT;
   ALTER TABLE messages ADD COLUMN reply_skip_reason TEXT;
   CREATE INDEX messages_unread ON messages (id) WHERE read_at IS NULL;`,
];

/** Instances starting together migrate once, under this advisory lock. */
const MIGRATION_LOCK = 7_316_001;

/** Applies the migrations not yet recorded, all in one transaction under an advisory lock. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    const applied = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version),
    );
    for (const [index, sql] of POSTGRES_MIGRATIONS.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
        version,
        new Date().toISOString(),
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
