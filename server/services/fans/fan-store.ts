/**
 * The list of fans in the database both engines share: signing up (a waiting row and its
 * confirmation mail, at most one a day per mailbox), confirming, leaving (the row goes, a hash
 * of the mailbox stays so the choice is honoured), and the queue of the list's mails, claimed
 * under a lease so that several instances never send one mail twice at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Lang } from '../../../src/lib/languages.ts';
import { mailboxKey } from '../contact/mail-address.ts';
import type { Db, FanMailKind, FanState } from '../stores/database.ts';
import { leasedQueue } from '../stores/leased-queue.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How long a confirmation link works after its mail was queued. */
export const CONFIRM_VALID_MS = 7 * DAY_MS;
/** A mailbox gets one confirmation mail a day at most, however often it is typed into the form. */
export const CONFIRM_INTERVAL_MS = DAY_MS;
const LAST_ERROR_MAX = 500;

/** What a sign-up did. The visitor is told the same in every case; the log and the tests are not. */
export type SignUp =
  | 'queued' // a confirmation mail waits in the queue
  | 'recently-asked' // one went out less than a day ago
  | 'already-confirmed'
  | 'refused' // its mail server refused the list for good
  | 'over-budget'; // the hour's confirmation mails are spent

/** A mail of the list, claimed for sending, with what it needs. */
export interface FanMail {
  id: number;
  kind: FanMailKind;
  fanId: number;
  email: string;
  lang: Lang;
  token: string;
  attempts: number;
}

export interface FanCounts {
  waiting: number;
  confirmed: Record<Lang, number>;
  refused: number;
}

export interface FanStore {
  /** Signs `email` up in `lang`, within `confirmationsPerHour` confirmation mails an hour for everyone. */
  signUp(email: string, lang: Lang, confirmationsPerHour: number, now?: number): Promise<SignUp>;
  /** Confirms the fan of `token`: their language, or null when the link is unknown or expired. */
  confirm(token: string, now?: number): Promise<{ lang: Lang } | null>;
  /** Takes the fan of `token` off the list for good: their language, or null when nobody has that token. */
  leave(token: string, now?: number): Promise<{ lang: Lang } | null>;
  /** Whether a mailbox left the list (an import must not bring it back). */
  hasLeft(email: string): Promise<boolean>;
  counts(): Promise<FanCounts>;
  /** Claims the oldest mail due and not leased, leased to the caller until `now + leaseMs`. */
  claimMail(now: number, leaseMs: number): Promise<FanMail | null>;
  /** The mail was sent, or is given up: it leaves the queue. */
  dropMail(id: number): Promise<void>;
  /** Records a failed attempt; the mail is tried again at `nextAttemptMs`. */
  retryMail(id: number, error: string, nextAttemptMs: number): Promise<void>;
  /** The fan's mail server refused the list for good: no more mail goes to them. */
  markRefused(fanId: number, reason: string): Promise<void>;
  /** When the next mail is due, or null when none waits. */
  nextMailDue(): Promise<number | null>;
  close(): Promise<void>;
}

/** A link's secret: 256 random bits, in a URL as they are. */
const newToken = () => randomBytes(32).toString('base64url');

/** What is kept of a mailbox that left: its hash, never the address. */
export const goneHash = (email: string) =>
  createHash('sha256')
    .update(`fans-gone:${mailboxKey(email)}`)
    .digest('hex');

export function fanStore(db: Db): FanStore {
  const queue = leasedQueue(db, 'fan_mails');
  const queueMail = (fanId: number, kind: FanMailKind, now: number) =>
    db.insertInto('fan_mails').values({ fan_id: fanId, kind, created_ms: now, next_attempt_ms: now }).execute();

  /** Confirmation mails queued in the hour before `now`, by everyone. */
  const confirmationsInHour = async (now: number) => {
    const { count } = await db
      .selectFrom('fans')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('confirm_sent_ms', '>', now - HOUR_MS)
      .executeTakeFirstOrThrow();
    return count;
  };

  return {
    async signUp(email, lang, confirmationsPerHour, now = Date.now()) {
      const mailbox = mailboxKey(email);
      const existing = await db
        .selectFrom('fans')
        .select(['id', 'state', 'confirm_sent_ms'])
        .where('mailbox', '=', mailbox)
        .executeTakeFirst();
      if (existing?.state === 'confirmed') return 'already-confirmed';
      if (existing?.state === 'refused') return 'refused';
      if (existing && existing.confirm_sent_ms > now - CONFIRM_INTERVAL_MS) return 'recently-asked';
      if ((await confirmationsInHour(now)) >= confirmationsPerHour) return 'over-budget';
      let fanId: number | undefined;
      if (existing) {
        // Only one request of a day wins, however many arrive at once on however many instances.
        const claimed = await db
          .updateTable('fans')
          .set({ confirm_sent_ms: now, lang, email })
          .where('id', '=', existing.id)
          .where('state', '=', 'waiting')
          .where('confirm_sent_ms', '<=', now - CONFIRM_INTERVAL_MS)
          .executeTakeFirst();
        if (claimed.numUpdatedRows > 0n) fanId = existing.id;
      } else {
        const inserted = await db
          .insertInto('fans')
          .values({
            email,
            mailbox,
            lang,
            state: 'waiting' satisfies FanState,
            token: newToken(),
            created_ms: now,
            confirm_sent_ms: now,
          })
          .onConflict((conflict) => conflict.column('mailbox').doNothing())
          .returning('id')
          .executeTakeFirst();
        fanId = inserted?.id;
      }
      // Another request for the same mailbox got there first: it queued the mail.
      if (fanId === undefined) return 'recently-asked';
      await queueMail(fanId, 'confirm', now);
      return 'queued';
    },

    async confirm(token, now = Date.now()) {
      const fan = await db
        .selectFrom('fans')
        .select(['id', 'state', 'lang', 'email', 'confirm_sent_ms'])
        .where('token', '=', token)
        .executeTakeFirst();
      if (!fan || fan.state === 'refused') return null;
      // A second press of the button, or the link opened again: still confirmed, no second welcome.
      if (fan.state === 'confirmed') return { lang: fan.lang };
      if (fan.confirm_sent_ms <= now - CONFIRM_VALID_MS) return null;
      const done = await db
        .updateTable('fans')
        .set({ state: 'confirmed', confirmed_ms: now })
        .where('id', '=', fan.id)
        .where('state', '=', 'waiting')
        .executeTakeFirst();
      if (done.numUpdatedRows > 0n) {
        // Back on the list by their own choice: the old choice to leave no longer stands.
        await db.deleteFrom('fans_gone').where('mailbox_hash', '=', goneHash(fan.email)).execute();
        await queueMail(fan.id, 'welcome', now);
      }
      return { lang: fan.lang };
    },

    async leave(token, now = Date.now()) {
      const fan = await db
        .selectFrom('fans')
        .select(['id', 'lang', 'email'])
        .where('token', '=', token)
        .executeTakeFirst();
      if (!fan) return null;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('fan_mails').where('fan_id', '=', fan.id).execute();
        await trx.deleteFrom('fans').where('id', '=', fan.id).execute();
        await trx
          .insertInto('fans_gone')
          .values({ mailbox_hash: goneHash(fan.email), left_ms: now })
          .onConflict((conflict) => conflict.column('mailbox_hash').doUpdateSet({ left_ms: now }))
          .execute();
      });
      return { lang: fan.lang };
    },

    async hasLeft(email) {
      const row = await db
        .selectFrom('fans_gone')
        .select('left_ms')
        .where('mailbox_hash', '=', goneHash(email))
        .executeTakeFirst();
      return row !== undefined;
    },

    async counts() {
      const rows = await db
        .selectFrom('fans')
        .select(['state', 'lang', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['state', 'lang'])
        .execute();
      const counts: FanCounts = { waiting: 0, confirmed: { pt: 0, en: 0, es: 0 }, refused: 0 };
      for (const row of rows) {
        const { count } = row;
        if (row.state === 'confirmed') counts.confirmed[row.lang] += count;
        else counts[row.state] += count;
      }
      return counts;
    },

    async claimMail(now, leaseMs) {
      const id = await queue.claim(now, leaseMs);
      if (id === null) return null;
      const row = await db
        .selectFrom('fan_mails as m')
        .innerJoin('fans as f', 'f.id', 'm.fan_id')
        .select(['m.id', 'm.kind', 'm.attempts', 'f.id as fanId', 'f.email', 'f.lang', 'f.token', 'f.state'])
        .where('m.id', '=', id)
        .executeTakeFirst();
      // The fan left, or was refused, while the mail waited: there is nobody to mail.
      const stillWanted = row && (row.kind === 'confirm' ? row.state === 'waiting' : row.state === 'confirmed');
      if (!row || !stillWanted) {
        await queue.drop(id);
        return null;
      }
      return {
        id: row.id,
        kind: row.kind,
        fanId: row.fanId,
        email: row.email,
        lang: row.lang,
        token: row.token,
        attempts: row.attempts,
      };
    },
    dropMail: queue.drop,
    retryMail: queue.retry,
    nextMailDue: queue.nextDue,

    async markRefused(fanId, reason) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('fans')
          .set({ state: 'refused', refused_reason: reason.slice(0, LAST_ERROR_MAX) })
          .where('id', '=', fanId)
          .execute();
        await trx.deleteFrom('fan_mails').where('fan_id', '=', fanId).execute();
      });
    },

    close: () => db.destroy(),
  };
}
