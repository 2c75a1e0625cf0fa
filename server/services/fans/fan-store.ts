/**
 * The list of fans in the database both engines share: signing up (a waiting row and its
 * confirmation mail, at most one a day per mailbox), confirming, leaving (the row goes, a hash
 * of the mailbox stays so the choice is honoured), and the queue of the list's mails, claimed
 * under a lease so that several instances never send one mail twice at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { FAN_LINK_VALID_DAYS } from '../../../src/lib/fans.ts';
import type { Lang } from '../../../src/lib/languages.ts';
import type { AnnouncementTexts, FanState, StudioFan } from '../../../src/lib/studio-fans.ts';
import { mailboxKey } from '../contact/mail-address.ts';
import type { Db, FanMailKind } from '../stores/database.ts';
import { leasedQueue } from '../stores/leased-queue.ts';
import { announcementStore, storedTexts, type AnnouncementStore } from './announcements.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How long a confirmation link works after its mail was queued. */
export const CONFIRM_VALID_MS = FAN_LINK_VALID_DAYS * DAY_MS;
/** A mailbox gets one confirmation mail a day at most, however often it is typed into the form. */
export const CONFIRM_INTERVAL_MS = DAY_MS;
/** An address that was never confirmed is forgotten this long after its last confirmation mail. */
export const UNCONFIRMED_KEPT_MS = 30 * DAY_MS;
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
  /** An announcement's mail: which one, and its words in the fan's language. */
  announcement: { id: number; texts: AnnouncementTexts } | null;
}

/** How a claimed mail ended: sent, refused for good by the fan's server, or given up after its attempts. */
export type MailOutcome = 'sent' | 'refused' | 'failed';

/** Joins (confirmations) and leaves of one week, Monday to Sunday in UTC. */
export interface FanWeek {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  joins: number;
  leaves: number;
}

/** What an import did with its addresses. */
export interface FanImport {
  /** A confirmation mail is queued for each. */
  queued: number;
  /** Already on the list, waiting, refused by their server, or asked less than a day ago. */
  known: number;
  /** Left the list before: their choice stands. */
  left: number;
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
  /** Every fan, the newest first. */
  list(): Promise<StudioFan[]>;
  /** Forgets the addresses never confirmed whose last confirmation mail is older than UNCONFIRMED_KEPT_MS: how many. */
  forgetUnconfirmed(now?: number): Promise<number>;
  /** Erases a fan and their waiting mails, leaving nothing of them; false when there is no such fan. */
  erase(id: number): Promise<boolean>;
  /** The joins and leaves of the `count` weeks up to the one holding `now`, the oldest first. */
  weeks(count: number, now?: number): Promise<FanWeek[]>;
  /**
   * Asks each address (already validated) to confirm, as a sign-up does but outside the hourly
   * budget of strangers' sign-ups: the artist brings them. The mails are spaced `intervalMs`
   * apart. A mailbox that left is skipped.
   */
  importAddresses(
    entries: readonly { email: string; lang: Lang }[],
    intervalMs: number,
    now?: number,
  ): Promise<FanImport>;
  /** Claims the oldest mail due and not leased, leased to the caller until `now + leaseMs`. */
  claimMail(now: number, leaseMs: number): Promise<FanMail | null>;
  /**
   * The mail leaves the queue as `outcome` says, counted in its announcement's progress. A
   * refusal also marks the fan refused, with `reason`: no more mail goes to them.
   */
  finishMail(mail: FanMail, outcome: MailOutcome, reason?: string): Promise<void>;
  /** Records a failed attempt; the mail is tried again at `nextAttemptMs`. */
  retryMail(id: number, error: string, nextAttemptMs: number): Promise<void>;
  /** When the next mail is due, or null when none waits. */
  nextMailDue(): Promise<number | null>;
  /** The artist's announcements, kept beside the fans. */
  announcements: AnnouncementStore;
  close(): Promise<void>;
}

const WEEK_MS = 7 * DAY_MS;

/** The UTC day of a moment, YYYY-MM-DD. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday (UTC) of the week holding a moment, YYYY-MM-DD. */
function mondayOf(ms: number): string {
  const daysSinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return utcDay(ms - daysSinceMonday * DAY_MS);
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
  const queueMail = (fanId: number, kind: FanMailKind, now: number, dueMs = now) =>
    db.insertInto('fan_mails').values({ fan_id: fanId, kind, created_ms: now, next_attempt_ms: dueMs }).execute();

  /** Adds a join or a leave to the day's counts. */
  const countDay = (column: 'joins' | 'leaves', now: number) =>
    db
      .insertInto('fan_days')
      .values({ day: utcDay(now), [column]: 1 })
      .onConflict((conflict) =>
        conflict.column('day').doUpdateSet((eb) => ({ [column]: eb(eb.ref(`fan_days.${column}`), '+', 1) })),
      )
      .execute();

  const hasLeft = async (email: string) =>
    (await db
      .selectFrom('fans_gone')
      .select('left_ms')
      .where('mailbox_hash', '=', goneHash(email))
      .executeTakeFirst()) !== undefined;

  /** Confirmation mails queued in the hour before `now`, by everyone. */
  const confirmationsInHour = async (now: number) => {
    const { count } = await db
      .selectFrom('fans')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('confirm_sent_ms', '>', now - HOUR_MS)
      .executeTakeFirstOrThrow();
    return count;
  };

  /**
   * Queues a confirmation mail for `email`, due at `dueMs`, unless the mailbox is on the list,
   * was refused, or was asked less than a day ago; `perHour` bounds the confirmations of the
   * hour, everyone's together (null: not counted, as for the artist's import).
   */
  async function askToConfirm(
    email: string,
    lang: Lang,
    now: number,
    perHour: number | null,
    dueMs = now,
  ): Promise<SignUp> {
    const mailbox = mailboxKey(email);
    const existing = await db
      .selectFrom('fans')
      .select(['id', 'state', 'confirm_sent_ms'])
      .where('mailbox', '=', mailbox)
      .executeTakeFirst();
    if (existing?.state === 'confirmed') return 'already-confirmed';
    if (existing?.state === 'refused') return 'refused';
    if (existing && existing.confirm_sent_ms > now - CONFIRM_INTERVAL_MS) return 'recently-asked';
    if (perHour !== null && (await confirmationsInHour(now)) >= perHour) return 'over-budget';
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
    await queueMail(fanId, 'confirm', now, dueMs);
    return 'queued';
  }

  return {
    signUp: (email, lang, confirmationsPerHour, now = Date.now()) =>
      askToConfirm(email, lang, now, confirmationsPerHour),

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
        await countDay('joins', now);
        await queueMail(fan.id, 'welcome', now);
      }
      return { lang: fan.lang };
    },

    async leave(token, now = Date.now()) {
      const fan = await db
        .selectFrom('fans')
        .select(['id', 'lang', 'email', 'state'])
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
      if (fan.state === 'confirmed') await countDay('leaves', now);
      return { lang: fan.lang };
    },

    hasLeft,

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

    async list() {
      const rows = await db
        .selectFrom('fans')
        .select(['id', 'email', 'lang', 'state', 'created_ms', 'confirmed_ms'])
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        lang: row.lang,
        state: row.state,
        signedUpAt: new Date(row.created_ms).toISOString(),
        confirmedAt: row.confirmed_ms === null ? null : new Date(row.confirmed_ms).toISOString(),
      }));
    },

    async forgetUnconfirmed(now = Date.now()) {
      return db.transaction().execute(async (trx) => {
        const stale = trx
          .selectFrom('fans')
          .select('id')
          .where('state', '=', 'waiting')
          .where('confirm_sent_ms', '<', now - UNCONFIRMED_KEPT_MS);
        await trx.deleteFrom('fan_mails').where('fan_id', 'in', stale).execute();
        const forgotten = await trx.deleteFrom('fans').where('id', 'in', stale).executeTakeFirst();
        return Number(forgotten.numDeletedRows);
      });
    },

    async erase(id) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('fan_mails').where('fan_id', '=', id).execute();
        const erased = await trx.deleteFrom('fans').where('id', '=', id).executeTakeFirst();
        return erased.numDeletedRows > 0n;
      });
    },

    async weeks(count, now = Date.now()) {
      const mondays = Array.from({ length: count }, (_, n) => mondayOf(now - (count - 1 - n) * WEEK_MS));
      const first = mondays[0] ?? utcDay(now);
      const days = await db.selectFrom('fan_days').selectAll().where('day', '>=', first).execute();
      const weeks = new Map(mondays.map((week) => [week, { week, joins: 0, leaves: 0 }]));
      for (const day of days) {
        const week = weeks.get(mondayOf(Date.parse(`${day.day}T00:00:00Z`)));
        if (!week) continue;
        week.joins += day.joins;
        week.leaves += day.leaves;
      }
      return [...weeks.values()];
    },

    async importAddresses(entries, intervalMs, now = Date.now()) {
      const result: FanImport = { queued: 0, known: 0, left: 0 };
      // After any mail already waiting, so an import never jumps ahead of a visitor's confirmation.
      let dueMs = Math.max(now, (await queue.nextDue()) ?? now);
      for (const { email, lang } of entries) {
        if (await hasLeft(email)) {
          result.left += 1;
          continue;
        }
        const outcome = await askToConfirm(email, lang, now, null, dueMs);
        if (outcome === 'queued') {
          result.queued += 1;
          dueMs += intervalMs;
        } else result.known += 1;
      }
      return result;
    },

    async claimMail(now, leaseMs) {
      const id = await queue.claim(now, leaseMs);
      if (id === null) return null;
      const row = await db
        .selectFrom('fan_mails as m')
        .innerJoin('fans as f', 'f.id', 'm.fan_id')
        .leftJoin('fan_announcements as a', 'a.id', 'm.announcement_id')
        .select(['m.id', 'm.kind', 'm.attempts', 'f.id as fanId', 'f.email', 'f.lang', 'f.token', 'f.state'])
        .select(['a.id as announcementId', 'a.texts as announcementTexts'])
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
        announcement:
          row.announcementId !== null && row.announcementTexts !== null
            ? { id: row.announcementId, texts: storedTexts(row.announcementTexts)[row.lang] }
            : null,
      };
    },
    async finishMail(mail, outcome, reason = '') {
      await db.transaction().execute(async (trx) => {
        if (outcome === 'refused') {
          await trx
            .updateTable('fans')
            .set({ state: 'refused', refused_reason: reason.slice(0, LAST_ERROR_MAX) })
            .where('id', '=', mail.fanId)
            .execute();
          await trx.deleteFrom('fan_mails').where('fan_id', '=', mail.fanId).execute();
        } else {
          await trx.deleteFrom('fan_mails').where('id', '=', mail.id).execute();
        }
        if (!mail.announcement) return;
        const announcementId = mail.announcement.id;
        await trx
          .updateTable('fan_announcements')
          .set((eb) => ({ [outcome]: eb(eb.ref(outcome), '+', 1) }))
          .where('id', '=', announcementId)
          .execute();
        // The last of its mails: the announcement is done.
        await trx
          .updateTable('fan_announcements')
          .set({ state: 'sent', finished_ms: Date.now() })
          .where('id', '=', announcementId)
          .where('state', '=', 'sending')
          .where((eb) =>
            eb.not(eb.exists(eb.selectFrom('fan_mails').select('id').where('announcement_id', '=', announcementId))),
          )
          .execute();
      });
    },
    retryMail: queue.retry,
    nextMailDue: queue.nextDue,

    announcements: announcementStore(db),
    close: () => db.destroy(),
  };
}
