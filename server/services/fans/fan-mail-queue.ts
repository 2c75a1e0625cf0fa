/**
 * The queue of the list's mails: each claimed under a lease, so that several instances never
 * send one mail twice at once, and ended as sent, refused or given up, counted in its
 * announcement's progress.
 */
import type { Lang } from '../../../src/lib/languages.ts';
import type { AnnouncementTexts } from '../../../src/lib/studio-fans.ts';
import type { Db, FanMailKind } from '../stores/database.ts';
import { leasedQueue } from '../stores/leased-queue.ts';
import { storedTexts } from './announcements.ts';

const LAST_ERROR_MAX = 500;

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

export interface FanMailQueue {
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
}

export function fanMailQueue(db: Db): FanMailQueue {
  const queue = leasedQueue(db, 'fan_mails');
  return {
    claimMail: (now, leaseMs) =>
      queue.claim(now, leaseMs, async (id) => {
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
        if (!row || !stillWanted) return null;
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
      }),
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
  };
}
