/**
 * The contact messages, in SQLite (node:sqlite, WAL, synchronous FULL): a message is on disk
 * before the visitor is told it was received, and stays until the artist has it. Each
 * message carries its delivery state: the mail to the artist and the auto-reply to the
 * visitor, with attempts, last error and when to try next. Migrations are versioned and run
 * at start.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Lang } from '../../src/lib/languages.ts';

/** A message as the form sends it, already validated. */
export interface NewMessage {
  name: string;
  email: string;
  message: string;
  lang: Lang;
}

export type DeliveryStatus = 'pending' | 'sent';
export type ReplyStatus = 'pending' | 'sent' | 'skipped';

export interface StoredMessage extends NewMessage {
  id: number;
  createdAt: string;
  artistStatus: DeliveryStatus;
  replyStatus: ReplyStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  deliveredAt: string | null;
}

/** The same message resubmitted within this window is stored once. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
/** At most one auto-reply per address in this window. */
export const AUTO_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The window of the cap on auto-replies to everyone together. */
export const AUTO_REPLY_CAP_WINDOW_MS = 60 * 60 * 1000;

const MIGRATIONS: readonly string[] = [
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
];

interface Row {
  id: number;
  created_at: string;
  name: string;
  email: string;
  message: string;
  lang: Lang;
  artist_status: DeliveryStatus;
  reply_status: ReplyStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  delivered_at: string | null;
}

const toMessage = (row: Row): StoredMessage => ({
  id: row.id,
  createdAt: row.created_at,
  name: row.name,
  email: row.email,
  message: row.message,
  lang: row.lang,
  artistStatus: row.artist_status,
  replyStatus: row.reply_status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  deliveredAt: row.delivered_at,
});

/** Identifies "the same message": same sender, same words, whatever the spacing or case. */
function fingerprint(message: NewMessage): string {
  const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return createHash('sha256')
    .update([message.name, message.email, message.message].map(normalise).join('\u0000'))
    .digest('hex');
}

/** Why a new message gets no auto-reply: its address had one today, or the hourly cap is reached. */
export type ReplySkipReason = 'address-replied-today' | 'hourly-cap';

export interface AddResult {
  message: StoredMessage;
  duplicate: boolean;
  /** Set when this call stored a new message without an auto-reply. */
  replySkipped?: ReplySkipReason;
}

export interface MessageStoreOptions {
  /** Auto-replies to everyone together in any hour; past it, messages are stored without one. */
  autoRepliesPerHour?: number;
}

export interface MessageStore {
  /** Stores a message durably; a duplicate of a recent one returns that one instead. */
  add(message: NewMessage, now?: number): AddResult;
  /** Messages with something left to deliver whose next attempt is due. */
  due(now: number, limit: number): StoredMessage[];
  /** The earliest next attempt of any undelivered message, or null when all are delivered. */
  nextDue(): number | null;
  /** The artist has the message (delivered_at is set). */
  markArtistSent(id: number, now?: number): void;
  markReplySent(id: number): void;
  markFailed(id: number, error: string, nextAttemptAt: number): void;
  /** Every message, newest first. */
  list(): StoredMessage[];
  get(id: number): StoredMessage | undefined;
  close(): void;
}

/** Opens (creating if needed) `messages.db` in `dataDir` and brings its schema up to date. */
export function openMessageStore(dataDir: string, options: MessageStoreOptions = {}): MessageStore {
  const autoRepliesPerHour = options.autoRepliesPerHour ?? Number.POSITIVE_INFINITY;
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, 'messages.db'));
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((row) => row.version),
  );
  MIGRATIONS.forEach((sql, index) => {
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

  const findDuplicate = db.prepare(
    'SELECT * FROM messages WHERE fingerprint = ? AND created_ms >= ? ORDER BY id DESC LIMIT 1',
  );
  const recentReply = db.prepare(
    "SELECT 1 FROM messages WHERE email = ? COLLATE NOCASE AND created_ms >= ? AND reply_status != 'skipped' LIMIT 1",
  );
  const recentReplies = db.prepare(
    "SELECT COUNT(*) AS count FROM messages WHERE created_ms >= ? AND reply_status != 'skipped'",
  );
  const insert = db.prepare(
    `INSERT INTO messages (created_at, created_ms, name, email, message, lang, fingerprint, reply_status, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const dueStatement = db.prepare(
    `SELECT * FROM messages WHERE (artist_status = 'pending' OR reply_status = 'pending') AND next_attempt_at <= ?
     ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const nextDueStatement = db.prepare(
    "SELECT MIN(next_attempt_at) AS at FROM messages WHERE artist_status = 'pending' OR reply_status = 'pending'",
  );
  const getStatement = db.prepare('SELECT * FROM messages WHERE id = ?');

  /** Decided inside the insert's transaction, so racing requests cannot both slip under a limit. */
  function skipReplyBecause(email: string, now: number): ReplySkipReason | undefined {
    if (recentReply.get(email, now - AUTO_REPLY_WINDOW_MS) !== undefined) return 'address-replied-today';
    const { count } = recentReplies.get(now - AUTO_REPLY_CAP_WINDOW_MS) as { count: number };
    return count >= autoRepliesPerHour ? 'hourly-cap' : undefined;
  }

  return {
    add(message, now = Date.now()) {
      const print = fingerprint(message);
      const existing = findDuplicate.get(print, now - DUPLICATE_WINDOW_MS) as Row | undefined;
      if (existing) return { message: toMessage(existing), duplicate: true };
      // Both decisions and the insert happen in one transaction, so two racing requests
      // cannot both pass the checks.
      db.exec('BEGIN IMMEDIATE');
      try {
        const again = findDuplicate.get(print, now - DUPLICATE_WINDOW_MS) as Row | undefined;
        if (again) {
          db.exec('COMMIT');
          return { message: toMessage(again), duplicate: true };
        }
        const replySkipped = skipReplyBecause(message.email, now);
        const row = insert.get(
          new Date(now).toISOString(),
          now,
          message.name,
          message.email,
          message.message,
          message.lang,
          print,
          replySkipped ? 'skipped' : 'pending',
          now,
        ) as unknown as Row;
        db.exec('COMMIT');
        return { message: toMessage(row), duplicate: false, ...(replySkipped && { replySkipped }) };
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    due: (now, limit) => (dueStatement.all(now, limit) as unknown as Row[]).map(toMessage),
    nextDue: () => (nextDueStatement.get() as { at: number | null }).at,
    markArtistSent: (id, now = Date.now()) => {
      db.prepare("UPDATE messages SET artist_status = 'sent', delivered_at = ? WHERE id = ?").run(
        new Date(now).toISOString(),
        id,
      );
    },
    markReplySent: (id) => {
      db.prepare("UPDATE messages SET reply_status = 'sent' WHERE id = ?").run(id);
    },
    markFailed: (id, error, nextAttemptAt) => {
      db.prepare('UPDATE messages SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?').run(
        error.slice(0, 500),
        nextAttemptAt,
        id,
      );
    },
    list: () => (db.prepare('SELECT * FROM messages ORDER BY id DESC').all() as unknown as Row[]).map(toMessage),
    get: (id) => {
      const row = getStatement.get(id) as Row | undefined;
      return row ? toMessage(row) : undefined;
    },
    close: () => db.close(),
  };
}
