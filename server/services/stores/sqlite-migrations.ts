/** The contact messages' schema in SQLite, one step per version, and how a file is brought up to date. */
import type { DatabaseSync } from 'node:sqlite';

/** The schema, one step per version (exported for the upgrade test). */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE messages (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     created_at TEXT NOT NULL,
     created_ms INTEGER NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     lang TEXT NOT NULL,
     fingerprint TEXT NOT NULL,
     artist_status TEXT NOT NULL DEFAULT 'pending',
     reply_status TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     next_attempt_at INTEGER NOT NULL,
     delivered_at TEXT
   );
   CREATE INDEX messages_due ON messages (next_attempt_at) WHERE artist_status = 'pending' OR reply_status = 'pending';
   CREATE INDEX messages_fingerprint ON messages (fingerprint, created_ms);
   CREATE INDEX messages_email ON messages (email, created_ms);`,
  // For the count of auto-replies in the last hour.
  `CREATE INDEX messages_created ON messages (created_ms);`,
  // Who may deliver a message until when (two processes may share the file).
  `ALTER TABLE messages ADD COLUMN lease_until INTEGER;`,
  // The mailbox the address delivers to (mailboxKey), for one auto-reply per mailbox a day;
  // rows from before it get their lower-cased address, which is what they were compared by.
  `ALTER TABLE messages ADD COLUMN reply_key TEXT;
   UPDATE messages SET reply_key = lower(email);
   CREATE INDEX messages_reply_key ON messages (reply_key, created_ms);`,
  // Mails to the artist held for a digest: still due, and told apart from single mails when
  // counting those of the last hour.
  `ALTER TABLE messages ADD COLUMN artist_digest INTEGER NOT NULL DEFAULT 0;
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

/** Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction. */
export function migrateSqlite(db: DatabaseSync): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((found) => found.version),
  );
  SQLITE_MIGRATIONS.forEach((sql, index) => {
    const version = index + 1;
    if (applied.has(version)) return;
    db.exec('BEGIN');
    try {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        version,
        new Date().toISOString(),
      );
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  });
}
