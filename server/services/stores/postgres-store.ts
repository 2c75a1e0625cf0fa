/**
 * The contact messages in PostgreSQL (DATABASE_URL), for several server instances sharing one
 * database. Versioned migrations run at start under an advisory lock, so instances starting
 * together migrate once. A message is added under a second advisory lock, so the duplicate
 * check and the auto-reply limits hold across instances; deliveries are claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so each is attempted by one instance at a time.
 */
import pg from 'pg';
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
import { migratePostgres } from './postgres-migrations.ts';

/** Advisory lock keys: one for adding messages, one for claiming a digest (postgres-migrations.ts has the third). */
const ADD_LOCK = 7_316_002;
const DIGEST_LOCK = 7_316_003;

/** BIGINT columns come back as numbers (milliseconds and ids stay far below 2^53), for this pool only. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * Connects, migrates and returns the store; rejects (naming what failed) when the database
 * cannot be reached or refuses, so the server does not start half-working.
 */
export async function openPostgresStore(url: string, options: MessageStoreOptions = {}): Promise<MessageStore> {
  const autoRepliesPerHour = options.autoRepliesPerHour ?? Number.POSITIVE_INFINITY;
  const artistMailsPerHour = options.artistMailsPerHour ?? Number.POSITIVE_INFINITY;
  const digestIntervalMs = options.digestIntervalMs ?? DEFAULT_DIGEST_INTERVAL_MS;
  const own = ownMailboxes(options);
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: 5,
    connectionTimeoutMillis: 5_000,
    // A query that hangs must not hold a contact request forever.
    query_timeout: 10_000,
  });
  // An idle client losing its connection (the database restarting) must not crash the
  // process; the next query opens a new one.
  pool.on('error', () => undefined);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }

  const rows = async (sql: string, values: unknown[] = []) => (await pool.query<MessageRow>(sql, values)).rows;

  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    add: (message, now = Date.now()) =>
      inTransaction(async (client) => {
        // One add at a time across every instance: the checks below then see every message
        // added before, so two instances cannot both decide "first today" for one address.
        await client.query('SELECT pg_advisory_xact_lock($1)', [ADD_LOCK]);
        const print = fingerprint(message);
        const mailbox = mailboxKey(message.email);
        const [existing] = (
          await client.query<MessageRow>(
            'SELECT * FROM messages WHERE fingerprint = $1 AND created_ms >= $2 ORDER BY id DESC LIMIT 1',
            [print, now - DUPLICATE_WINDOW_MS],
          )
        ).rows;
        if (existing) return { message: toMessage(existing), duplicate: true };
        const replied = await client.query(
          `SELECT 1 FROM messages WHERE reply_key = $1 AND created_ms >= $2 AND reply_status != 'skipped' LIMIT 1`,
          [mailbox, now - AUTO_REPLY_WINDOW_MS],
        );
        const { count } = (
          await client.query<{ count: number }>(
            `SELECT COUNT(*)::int AS count FROM messages WHERE created_ms >= $1 AND reply_status != 'skipped'`,
            [now - AUTO_REPLY_CAP_WINDOW_MS],
          )
        ).rows[0] ?? { count: 0 };
        const replySkipped = replySkipReason(own.has(mailbox), (replied.rowCount ?? 0) > 0, count, autoRepliesPerHour);
        const held =
          Number.isFinite(artistMailsPerHour) &&
          ((
            await client.query<{ count: number }>(
              `SELECT ((SELECT COUNT(*) FROM messages WHERE artist_status = 'pending')
                    + (SELECT COUNT(*) FROM messages
                       WHERE artist_status = 'sent' AND NOT artist_digest AND delivered_at >= $1))::int AS count`,
              [new Date(now - ARTIST_MAIL_WINDOW_MS).toISOString()],
            )
          ).rows[0]?.count ?? 0) >= artistMailsPerHour;
        const [inserted] = (
          await client.query<MessageRow>(
            `INSERT INTO messages (created_at, created_ms, name, email, message, lang, fingerprint, reply_status, next_attempt_at, reply_key,
                                   artist_status, artist_digest, reply_skip_reason)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
            [
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
              held,
              replySkipped ?? null,
            ],
          )
        ).rows;
        if (!inserted) throw new Error('the new message was not returned');
        return { message: toMessage(inserted), duplicate: false, ...(replySkipped && { replySkipped }) };
      }),
    async claimDue(now, limit, leaseMs) {
      const claimed = await rows(
        `UPDATE messages SET lease_until = $1
         WHERE id IN (SELECT id FROM messages
                      WHERE ${DUE} AND artist_status != 'held' AND next_attempt_at <= $2
                        AND (lease_until IS NULL OR lease_until <= $2)
                      ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [now + leaseMs, now, limit],
      );
      return claimed.map(toMessage).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
    },
    async claimDigest(now, limit, leaseMs) {
      const due = await pool.query(
        "SELECT 1 FROM messages WHERE artist_status = 'held' AND next_attempt_at <= $1 LIMIT 1",
        [now],
      );
      if (due.rowCount === 0) return { messages: [], waiting: 0 };
      return inTransaction(async (client) => {
        // One claim at a time across every instance: the first takes the slot's digest and
        // moves the rest on, so the next finds nothing due until the following slot.
        await client.query('SELECT pg_advisory_xact_lock($1)', [DIGEST_LOCK]);
        const claimed = (
          await client.query<MessageRow>(
            `UPDATE messages SET lease_until = $1, next_attempt_at = $2
             WHERE id IN (SELECT id FROM messages
                          WHERE artist_status = 'held' AND next_attempt_at <= $3
                            AND (lease_until IS NULL OR lease_until <= $3)
                          ORDER BY next_attempt_at, id LIMIT $4)
             RETURNING *`,
            [now + leaseMs, digestSlotAfter(now + leaseMs, digestIntervalMs), now, limit],
          )
        ).rows
          .map(toMessage)
          .sort((a, b) => a.id - b.id);
        await client.query(
          "UPDATE messages SET next_attempt_at = $1 WHERE artist_status = 'held' AND next_attempt_at <= $2",
          [digestSlotAfter(now, digestIntervalMs), now],
        );
        const { count } = (
          await client.query<{ count: number }>(
            "SELECT COUNT(*)::int AS count FROM messages WHERE artist_status = 'held'",
          )
        ).rows[0] ?? { count: 0 };
        return { messages: claimed, waiting: count - claimed.length };
      });
    },
    async nextDue() {
      const result = await pool.query<{ at: number | null }>(
        `SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM messages WHERE ${DUE}`,
      );
      return result.rows[0]?.at ?? null;
    },
    async markArtistSent(id, now = Date.now()) {
      await pool.query("UPDATE messages SET artist_status = 'sent', delivered_at = $1 WHERE id = $2", [
        new Date(now).toISOString(),
        id,
      ]);
    },
    async markDigestSent(ids, now = Date.now()) {
      await pool.query(
        `UPDATE messages SET artist_status = 'sent', delivered_at = $1, next_attempt_at = $2, lease_until = NULL
         WHERE id = ANY($3::bigint[])`,
        [new Date(now).toISOString(), now, ids],
      );
    },
    async markReplySent(id) {
      await pool.query("UPDATE messages SET reply_status = 'sent' WHERE id = $1", [id]);
    },
    async markFailed(id, error, nextAttemptAt, givenUp = []) {
      await pool.query(
        `UPDATE messages SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2, lease_until = NULL,
           artist_status = CASE WHEN $3::boolean THEN 'failed' ELSE artist_status END,
           reply_status = CASE WHEN $4::boolean THEN 'failed' ELSE reply_status END
         WHERE id = $5`,
        [error.slice(0, LAST_ERROR_MAX), nextAttemptAt, givenUp.includes('artist'), givenUp.includes('reply'), id],
      );
    },
    async release(id) {
      await pool.query('UPDATE messages SET lease_until = NULL WHERE id = $1', [id]);
    },
    list: async (page) =>
      (page
        ? await rows('SELECT * FROM messages WHERE id < $1 ORDER BY id DESC LIMIT $2', [
            page.beforeId ?? Number.MAX_SAFE_INTEGER,
            page.limit,
          ])
        : await rows('SELECT * FROM messages ORDER BY id DESC')
      ).map(toMessage),
    async markRead(id, read, now = Date.now()) {
      const result = await pool.query(
        'UPDATE messages SET read_at = CASE WHEN $1::boolean THEN COALESCE(read_at, $2) ELSE NULL END WHERE id = $3',
        [read, new Date(now).toISOString(), id],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async markHandled(id, handled, now = Date.now()) {
      const result = await pool.query(
        'UPDATE messages SET handled_at = CASE WHEN $1::boolean THEN COALESCE(handled_at, $2) ELSE NULL END WHERE id = $3',
        [handled, new Date(now).toISOString(), id],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async remove(id) {
      return ((await pool.query('DELETE FROM messages WHERE id = $1', [id])).rowCount ?? 0) > 0;
    },
    async failedCount() {
      const result = await pool.query<{ count: number }>(`SELECT COUNT(*)::int AS count FROM messages WHERE ${FAILED}`);
      return result.rows[0]?.count ?? 0;
    },
    async retryFailed(now = Date.now()) {
      return (await pool.query(retryFailedSql('$1'), [now])).rowCount ?? 0;
    },
    async unreadCount() {
      const result = await pool.query<{ count: number }>(
        'SELECT COUNT(*)::int AS count FROM messages WHERE read_at IS NULL',
      );
      return result.rows[0]?.count ?? 0;
    },
    async get(id) {
      const [found] = await rows('SELECT * FROM messages WHERE id = $1', [id]);
      return found ? toMessage(found) : undefined;
    },
    close: () => pool.end(),
  };
}
