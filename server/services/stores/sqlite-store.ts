/**
 * The contact messages in SQLite (node:sqlite, WAL, synchronous FULL): the embedded default,
 * one file in DATA_DIR. Migrations are versioned and run at start.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  ARTIST_MAIL_WINDOW_MS,
  AUTO_REPLY_CAP_WINDOW_MS,
  AUTO_REPLY_WINDOW_MS,
  DEFAULT_DIGEST_INTERVAL_MS,
  digestSlotAfter,
  DUE,
  DUPLICATE_WINDOW_MS,
  FAILED,
  fingerprint,
  LAST_ERROR_MAX,
  ownMailboxes,
  replySkipReason,
  retryFailedSql,
  toMessage,
  type MessageRow,
  type MessageStore,
  type MessageStoreOptions,
} from '../contact/message-store.ts';
import { mailboxKey } from '../contact/mail-address.ts';
import { migrateSqlite } from './sqlite-migrations.ts';

/** The database file in DATA_DIR. */
export const SQLITE_FILE = 'messages.db';
/** Opens (creating if needed) `messages.db` in `dataDir` and brings its schema up to date. */
export function openSqliteStore(dataDir: string, options: MessageStoreOptions = {}): MessageStore {
  const autoRepliesPerHour = options.autoRepliesPerHour ?? Number.POSITIVE_INFINITY;
  const artistMailsPerHour = options.artistMailsPerHour ?? Number.POSITIVE_INFINITY;
  const digestIntervalMs = options.digestIntervalMs ?? DEFAULT_DIGEST_INTERVAL_MS;
  const own = ownMailboxes(options);
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, SQLITE_FILE));
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  migrateSqlite(db);
  if (options.takeOverLeases) {
    // A digest claimed before the crash goes at the next slot rather than after its lease.
    db.prepare("UPDATE messages SET next_attempt_at = ? WHERE artist_status = 'held' AND lease_until IS NOT NULL").run(
      digestSlotAfter(Date.now(), digestIntervalMs),
    );
    db.exec('UPDATE messages SET lease_until = NULL WHERE lease_until IS NOT NULL');
  }

  const findDuplicate = db.prepare(
    'SELECT * FROM messages WHERE fingerprint = ? AND created_ms >= ? ORDER BY id DESC LIMIT 1',
  );
  const recentReply = db.prepare(
    "SELECT 1 FROM messages WHERE reply_key = ? AND created_ms >= ? AND reply_status != 'skipped' LIMIT 1",
  );
  const recentReplies = db.prepare(
    "SELECT COUNT(*) AS count FROM messages WHERE created_ms >= ? AND reply_status != 'skipped'",
  );
  const singleArtistMails = db.prepare(
    `SELECT (SELECT COUNT(*) FROM messages WHERE artist_status = 'pending')
          + (SELECT COUNT(*) FROM messages WHERE artist_status = 'sent' AND artist_digest = 0 AND delivered_at >= ?) AS count`,
  );
  const insert = db.prepare(
    `INSERT INTO messages (created_at, created_ms, name, email, message, lang, fingerprint, reply_status, next_attempt_at, reply_key,
                           artist_status, artist_digest, reply_skip_reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const claim = db.prepare(
    `UPDATE messages SET lease_until = ?
     WHERE id IN (SELECT id FROM messages WHERE ${DUE} AND artist_status != 'held' AND next_attempt_at <= ?
                    AND (lease_until IS NULL OR lease_until <= ?)
                  ORDER BY next_attempt_at, id LIMIT ?)
     RETURNING *`,
  );
  const heldDue = db.prepare("SELECT 1 FROM messages WHERE artist_status = 'held' AND next_attempt_at <= ? LIMIT 1");
  const claimHeld = db.prepare(
    `UPDATE messages SET lease_until = ?, next_attempt_at = ?
     WHERE id IN (SELECT id FROM messages WHERE artist_status = 'held' AND next_attempt_at <= ?
                    AND (lease_until IS NULL OR lease_until <= ?)
                  ORDER BY next_attempt_at, id LIMIT ?)
     RETURNING *`,
  );
  const postponeHeld = db.prepare(
    "UPDATE messages SET next_attempt_at = ? WHERE artist_status = 'held' AND next_attempt_at <= ?",
  );
  const countHeld = db.prepare("SELECT COUNT(*) AS count FROM messages WHERE artist_status = 'held'");
  const nextDueStatement = db.prepare(
    `SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM messages WHERE ${DUE}`,
  );
  const getStatement = db.prepare('SELECT * FROM messages WHERE id = ?');
  const artistSent = db.prepare("UPDATE messages SET artist_status = 'sent', delivered_at = ? WHERE id = ?");
  const digestSent = db.prepare(
    `UPDATE messages SET artist_status = 'sent', delivered_at = ?, next_attempt_at = ?, lease_until = NULL
     WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const replySent = db.prepare("UPDATE messages SET reply_status = 'sent' WHERE id = ?");
  const failed = db.prepare(
    `UPDATE messages SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, lease_until = NULL,
       artist_status = CASE WHEN ? THEN 'failed' ELSE artist_status END,
       reply_status = CASE WHEN ? THEN 'failed' ELSE reply_status END
     WHERE id = ?`,
  );
  const release = db.prepare('UPDATE messages SET lease_until = NULL WHERE id = ?');
  const list = db.prepare('SELECT * FROM messages ORDER BY id DESC');
  const listPage = db.prepare('SELECT * FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?');
  const read = db.prepare(
    'UPDATE messages SET read_at = CASE WHEN ? THEN COALESCE(read_at, ?) ELSE NULL END WHERE id = ?',
  );
  const handled = db.prepare(
    'UPDATE messages SET handled_at = CASE WHEN ? THEN COALESCE(handled_at, ?) ELSE NULL END WHERE id = ?',
  );
  const remove = db.prepare('DELETE FROM messages WHERE id = ?');
  const unread = db.prepare('SELECT COUNT(*) AS count FROM messages WHERE read_at IS NULL');
  const failedCount = db.prepare(`SELECT COUNT(*) AS count FROM messages WHERE ${FAILED}`);
  const retryFailed = db.prepare(retryFailedSql('?'));

  const row = (value: unknown) => value as MessageRow | undefined;

  /** Runs `work` in a write transaction: other processes on the file wait for it. */
  function inTransaction<T>(work: () => T): T {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }

  return {
    async add(message, now = Date.now()) {
      const print = fingerprint(message);
      const mailbox = mailboxKey(message.email);
      // The duplicate check, the auto-reply and budget decisions and the insert happen in one
      // transaction, so two racing requests cannot both pass the checks.
      return inTransaction(() => {
        const existing = row(findDuplicate.get(print, now - DUPLICATE_WINDOW_MS));
        if (existing) return { message: toMessage(existing), duplicate: true };
        const { count } = recentReplies.get(now - AUTO_REPLY_CAP_WINDOW_MS) as { count: number };
        const replySkipped = replySkipReason(
          own.has(mailbox),
          recentReply.get(mailbox, now - AUTO_REPLY_WINDOW_MS) !== undefined,
          count,
          autoRepliesPerHour,
        );
        const held =
          Number.isFinite(artistMailsPerHour) &&
          (singleArtistMails.get(new Date(now - ARTIST_MAIL_WINDOW_MS).toISOString()) as { count: number }).count >=
            artistMailsPerHour;
        const inserted = row(
          insert.get(
            new Date(now).toISOString(),
            now,
            message.name,
            message.email,
            message.message,
            message.lang,
            print,
            replySkipped ? 'skipped' : 'pending',
            held ? digestSlotAfter(now, digestIntervalMs) : now,
            mailbox,
            held ? 'held' : 'pending',
            held ? 1 : 0,
            replySkipped ?? null,
          ),
        ) as MessageRow;
        return { message: toMessage(inserted), duplicate: false, ...(replySkipped && { replySkipped }) };
      });
    },
    async claimDue(now, limit, leaseMs) {
      return (claim.all(now + leaseMs, now, now, limit) as unknown as MessageRow[])
        .map(toMessage)
        .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
    },
    async claimDigest(now, limit, leaseMs) {
      if (heldDue.get(now) === undefined) return { messages: [], waiting: 0 };
      return inTransaction(() => {
        const claimed = (
          claimHeld.all(
            now + leaseMs,
            digestSlotAfter(now + leaseMs, digestIntervalMs),
            now,
            now,
            limit,
          ) as unknown as MessageRow[]
        )
          .map(toMessage)
          .sort((a, b) => a.id - b.id);
        postponeHeld.run(digestSlotAfter(now, digestIntervalMs), now);
        const { count } = countHeld.get() as { count: number };
        return { messages: claimed, waiting: count - claimed.length };
      });
    },
    nextDue: async () => (nextDueStatement.get() as { at: number | null }).at,
    markArtistSent: async (id, now = Date.now()) => {
      artistSent.run(new Date(now).toISOString(), id);
    },
    markDigestSent: async (ids, now = Date.now()) => {
      digestSent.run(new Date(now).toISOString(), now, JSON.stringify(ids));
    },
    markReplySent: async (id) => {
      replySent.run(id);
    },
    markFailed: async (id, error, nextAttemptAt, givenUp = []) => {
      failed.run(
        error.slice(0, LAST_ERROR_MAX),
        nextAttemptAt,
        givenUp.includes('artist') ? 1 : 0,
        givenUp.includes('reply') ? 1 : 0,
        id,
      );
    },
    release: async (id) => {
      release.run(id);
    },
    list: async (page) =>
      (
        (page
          ? listPage.all(page.beforeId ?? Number.MAX_SAFE_INTEGER, page.limit)
          : list.all()) as unknown as MessageRow[]
      ).map(toMessage),
    markRead: async (id, isRead, now = Date.now()) =>
      read.run(isRead ? 1 : 0, new Date(now).toISOString(), id).changes > 0,
    markHandled: async (id, isHandled, now = Date.now()) =>
      handled.run(isHandled ? 1 : 0, new Date(now).toISOString(), id).changes > 0,
    remove: async (id) => remove.run(id).changes > 0,
    unreadCount: async () => (unread.get() as { count: number }).count,
    failedCount: async () => (failedCount.get() as { count: number }).count,
    retryFailed: async (now = Date.now()) => Number(retryFailed.run(now).changes),
    get: async (id) => {
      const found = row(getStatement.get(id));
      return found ? toMessage(found) : undefined;
    },
    close: async () => db.close(),
  };
}
