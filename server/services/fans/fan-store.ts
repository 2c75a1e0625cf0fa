/**
 * The list of fans in the database both engines share: signing up (a waiting row and its
 * confirmation mail, at most one a day per mailbox), confirming, leaving (the row goes, a hash
 * of the mailbox stays so the choice is honoured) and the artist's view of the list, with the
 * queue of its mails (fan-mail-queue.ts) and its days' counts (fan-days.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { FAN_LINK_VALID_DAYS } from '../../../src/lib/fans.ts';
import type { Lang } from '../../../src/lib/languages.ts';
import type { FanState, StudioFan } from '../../../src/lib/studio-fans.ts';
import { mailboxKey } from '../contact/mail-address.ts';
import type { Db, FanMailKind } from '../stores/database.ts';
import { leasedQueue } from '../stores/leased-queue.ts';
import { announcementStore, type AnnouncementStore } from './announcements.ts';
import { fanDays, type FanDays } from './fan-days.ts';
import { fanMailQueue, type FanMailQueue } from './fan-mail-queue.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How long a confirmation link works after its mail was queued. */
export const CONFIRM_VALID_MS = FAN_LINK_VALID_DAYS * DAY_MS;
/** A mailbox gets one confirmation mail a day at most, however often it is typed into the form. */
export const CONFIRM_INTERVAL_MS = DAY_MS;
/** An address that was never confirmed is forgotten this long after its last confirmation mail. */
export const UNCONFIRMED_KEPT_MS = 30 * DAY_MS;

/** What a sign-up did. The visitor is told the same in every case; the log and the tests are not. */
export type SignUp =
  | 'queued' // a confirmation mail waits in the queue
  | 'recently-asked' // one went out less than a day ago
  | 'already-confirmed'
  | 'refused' // its mail server refused the list for good
  | 'over-budget'; // the hour's confirmation mails are spent

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

export interface FanStore extends FanMailQueue, FanDays {
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
  /** The artist's announcements, kept beside the fans. */
  announcements: AnnouncementStore;
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
  const days = fanDays(db);
  const queueMail = (fanId: number, kind: FanMailKind, now: number, dueMs = now) =>
    db.insertInto('fan_mails').values({ fan_id: fanId, kind, created_ms: now, next_attempt_ms: dueMs }).execute();

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
        await days.count('joins', now);
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
      if (fan.state === 'confirmed') await days.count('leaves', now);
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

    async importAddresses(entries, intervalMs, now = Date.now()) {
      const result: FanImport = { queued: 0, known: 0, left: 0 };
      // After any mail already waiting, so an import never jumps ahead of a visitor's confirmation.
      let dueMs = Math.max(now, (await leasedQueue(db, 'fan_mails').nextDue()) ?? now);
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

    ...fanMailQueue(db),
    weeks: days.weeks,

    announcements: announcementStore(db),
    close: () => db.destroy(),
  };
}
