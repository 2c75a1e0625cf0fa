/**
 * Adding a contact message: the duplicate check, the auto-reply and budget decisions and the
 * insert in one transaction, so two racing requests cannot both pass the checks. On SQLite the
 * transaction's immediate BEGIN makes writers wait their turn; on PostgreSQL an advisory lock
 * does the same across instances, since a row lock cannot guard rows not yet inserted.
 */
import { sql } from 'kysely';
import { mailboxKey } from '../contact/mail-address.ts';
import {
  ARTIST_MAIL_WINDOW_MS,
  AUTO_REPLY_CAP_WINDOW_MS,
  AUTO_REPLY_WINDOW_MS,
  digestSlotAfter,
  DUPLICATE_WINDOW_MS,
  fingerprint,
  replySkipReason,
  toMessage,
  type MessageStore,
} from '../contact/message-store.ts';
import type { Db } from './database.ts';
import { isPostgres, writtenLimit } from './engine.ts';

/** The advisory lock adding messages takes on PostgreSQL (messages-outbox.ts has the digest's). */
const ADD_LOCK = 7_316_002;

/** The store's budgets, from its options. */
export interface MessageBudgets {
  autoRepliesPerHour: number;
  artistMailsPerHour: number;
  digestIntervalMs: number;
  /** The site's own mailboxes, which get no auto-reply. */
  own: ReadonlySet<string>;
}

/** The store's `add`, over `db`. */
export function messageAdder(db: Db, budgets: MessageBudgets): MessageStore['add'] {
  const postgres = isPostgres(db);
  return (message, now = Date.now()) =>
    db.transaction().execute(async (trx) => {
      if (postgres) await sql`SELECT pg_advisory_xact_lock(${ADD_LOCK})`.execute(trx);
      const print = fingerprint(message);
      const mailbox = mailboxKey(message.email);
      const existing = await trx
        .selectFrom('messages')
        .selectAll()
        .where('fingerprint', '=', print)
        .where('created_ms', '>=', now - DUPLICATE_WINDOW_MS)
        .orderBy('id', 'desc')
        .limit(writtenLimit(1))
        .executeTakeFirst();
      if (existing) return { message: toMessage(existing), duplicate: true };
      // What decides the auto-reply and the artist's mail, counted in one query.
      const counts = await trx
        .selectNoFrom((eb) => [
          eb
            .exists(
              eb
                .selectFrom('messages')
                .select('id')
                .where('reply_key', '=', mailbox)
                .where('created_ms', '>=', now - AUTO_REPLY_WINDOW_MS)
                .where('reply_status', '!=', 'skipped'),
            )
            .as('replied'),
          eb
            .selectFrom('messages')
            .select(eb.fn.countAll<number>().as('n'))
            .where('created_ms', '>=', now - AUTO_REPLY_CAP_WINDOW_MS)
            .where('reply_status', '!=', 'skipped')
            .$asScalar()
            .as('replies'),
        ])
        // The budget of single mails to the artist: those pending, and those sent in the last hour.
        .$if(Number.isFinite(budgets.artistMailsPerHour), (query) =>
          query.select((eb) =>
            eb(
              eb.selectFrom('messages').select(eb.fn.countAll<number>().as('n')).where('artist_status', '=', 'pending'),
              '+',
              eb
                .selectFrom('messages')
                .select(eb.fn.countAll<number>().as('n'))
                .where('artist_status', '=', 'sent')
                .where('artist_digest', '=', false)
                .where('delivered_at', '>=', new Date(now - ARTIST_MAIL_WINDOW_MS).toISOString()),
            ).as('singles'),
          ),
        )
        .executeTakeFirstOrThrow();
      const replySkipped = replySkipReason(
        budgets.own.has(mailbox),
        Boolean(counts.replied),
        counts.replies,
        budgets.autoRepliesPerHour,
      );
      // Past the budget, the mail to the artist waits for the next digest.
      const held = (counts.singles ?? 0) >= budgets.artistMailsPerHour;
      const inserted = await trx
        .insertInto('messages')
        .values({
          created_at: new Date(now).toISOString(),
          created_ms: now,
          name: message.name,
          email: message.email,
          message: message.message,
          lang: message.lang,
          fingerprint: print,
          reply_status: replySkipped ? 'skipped' : 'pending',
          next_attempt_at: held ? digestSlotAfter(now, budgets.digestIntervalMs) : now,
          reply_key: mailbox,
          artist_status: held ? 'held' : 'pending',
          artist_digest: held,
          reply_skip_reason: replySkipped ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { message: toMessage(inserted), duplicate: false, ...(replySkipped && { replySkipped }) };
    });
}
