/**
 * The contact messages' deliveries: claiming what is due under a lease, so with several
 * instances on one database each mail is attempted by one of them at a time, and recording
 * how each attempt went.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import {
  digestSlotAfter,
  DUE,
  LAST_ERROR_MAX,
  toMessage,
  type MessageStore,
  type StoredMessage,
} from '../contact/message-store.ts';
import type { Database, Db } from './database.ts';
import { isPostgres, writtenLimit } from './engine.ts';

/** The advisory lock claiming a digest takes on PostgreSQL (messages-add.ts has the adding one). */
const DIGEST_LOCK = 7_316_003;

/** The due messages' predicate as their partial index spells it: SQLite uses the index only for the same literal text. */
const due = sql.raw<boolean>(DUE);

/** Not leased, or the lease ran out. */
const unleased = (now: number) => (eb: ExpressionBuilder<Database, 'messages'>) =>
  eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]);

const byAttempt = (a: StoredMessage, b: StoredMessage) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id;

type Outbox = Pick<
  MessageStore,
  | 'claimDue'
  | 'claimDigest'
  | 'nextDue'
  | 'markArtistSent'
  | 'markDigestSent'
  | 'markReplySent'
  | 'markFailed'
  | 'release'
>;

/** The deliveries' side of the store, over `db`; digests go at multiples of `digestIntervalMs`. */
export function messageOutbox(db: Db, digestIntervalMs: number): Outbox {
  const postgres = isPostgres(db);
  return {
    async claimDue(now, limit, leaseMs) {
      // One statement claims: on PostgreSQL rows another instance is claiming are skipped, not
      // waited for; on SQLite the statement is a write transaction of its own.
      const claimable = db
        .selectFrom('messages')
        .select('id')
        .where(due)
        .where('artist_status', '!=', 'held')
        .where('next_attempt_at', '<=', now)
        .where(unleased(now))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(writtenLimit(limit))
        .$if(postgres, (query) => query.forUpdate().skipLocked());
      const claimed = await db
        .updateTable('messages')
        .set({ lease_until: now + leaseMs })
        .where('id', 'in', claimable)
        .returningAll()
        .execute();
      return claimed.map(toMessage).sort(byAttempt);
    },
    async claimDigest(now, limit, leaseMs) {
      const held = await db
        .selectFrom('messages')
        .select('id')
        .where('artist_status', '=', 'held')
        .where('next_attempt_at', '<=', now)
        .limit(writtenLimit(1))
        .executeTakeFirst();
      if (!held) return { messages: [], waiting: 0 };
      return db.transaction().execute(async (trx) => {
        // One claim at a time across every instance: the first takes the slot's digest and
        // moves the rest on, so the next finds nothing due until the following slot.
        if (postgres) await sql`SELECT pg_advisory_xact_lock(${DIGEST_LOCK})`.execute(trx);
        const oldest = trx
          .selectFrom('messages')
          .select('id')
          .where('artist_status', '=', 'held')
          .where('next_attempt_at', '<=', now)
          .where(unleased(now))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(writtenLimit(limit));
        const claimed = (
          await trx
            .updateTable('messages')
            .set({ lease_until: now + leaseMs, next_attempt_at: digestSlotAfter(now + leaseMs, digestIntervalMs) })
            .where('id', 'in', oldest)
            .returningAll()
            .execute()
        )
          .map(toMessage)
          .sort((a, b) => a.id - b.id);
        await trx
          .updateTable('messages')
          .set({ next_attempt_at: digestSlotAfter(now, digestIntervalMs) })
          .where('artist_status', '=', 'held')
          .where('next_attempt_at', '<=', now)
          .execute();
        const { count } = await trx
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('artist_status', '=', 'held')
          .executeTakeFirstOrThrow();
        return { messages: claimed, waiting: count - claimed.length };
      });
    },
    async nextDue() {
      const row = await db
        .selectFrom('messages')
        .select(
          sql<number | null>`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END)`.as(
            'at',
          ),
        )
        .where(due)
        .executeTakeFirst();
      return row?.at ?? null;
    },
    async markArtistSent(id, now = Date.now()) {
      await db
        .updateTable('messages')
        .set({ artist_status: 'sent', delivered_at: new Date(now).toISOString() })
        .where('id', '=', id)
        .execute();
    },
    async markDigestSent(ids, now = Date.now()) {
      if (ids.length === 0) return;
      await db
        .updateTable('messages')
        .set({
          artist_status: 'sent',
          delivered_at: new Date(now).toISOString(),
          next_attempt_at: now,
          lease_until: null,
        })
        .where('id', 'in', ids)
        .execute();
    },
    async markReplySent(id) {
      await db.updateTable('messages').set({ reply_status: 'sent' }).where('id', '=', id).execute();
    },
    async markFailed(id, error, nextAttemptAt, givenUp = []) {
      await db
        .updateTable('messages')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.slice(0, LAST_ERROR_MAX),
          next_attempt_at: nextAttemptAt,
          lease_until: null,
          ...(givenUp.includes('artist') && { artist_status: 'failed' as const }),
          ...(givenUp.includes('reply') && { reply_status: 'failed' as const }),
        }))
        .where('id', '=', id)
        .execute();
    },
    async release(id) {
      await db.updateTable('messages').set({ lease_until: null }).where('id', '=', id).execute();
    },
  };
}

/**
 * Releases every lease at once (SQLite with one delivering process per DATA_DIR: leases found
 * at open were its own before a crash); a digest claimed before goes at the next slot.
 */
export async function takeOverLeases(db: Db, digestIntervalMs: number): Promise<void> {
  await db
    .updateTable('messages')
    .set({ next_attempt_at: digestSlotAfter(Date.now(), digestIntervalMs) })
    .where('artist_status', '=', 'held')
    .where('lease_until', 'is not', null)
    .execute();
  await db.updateTable('messages').set({ lease_until: null }).where('lease_until', 'is not', null).execute();
}
