/**
 * Sends the studio's notices (a new passkey) from their queue in the studio's store, the way
 * the contact outbox sends messages: the queue survives restarts, a lease keeps two instances
 * from sending one notice, and a failure is retried with the outbox's backoff until it is
 * refused for good or the attempts run out.
 */
import type { Log } from '../log.ts';
import type { Mailer } from '../contact/mailer.ts';
import { DEFAULT_LEASE_MS, judgeFailedMail, type RetrySettings } from '../contact/outbox.ts';
import { startQueueRunner, type QueueRunner } from '../queue-runner.ts';
import type { StudioStore } from './studio-store.ts';

export interface NoticeOutboxOptions extends RetrySettings {
  store: StudioStore;
  mailer: Pick<Mailer, 'sendStudioNotice'>;
  /** The studio's address, which the notice tells the person to open. */
  studioUrl: string;
  log: Pick<Log, 'info' | 'warn'>;
  leaseMs?: number;
  /** How often to look at the queue when nothing is due sooner (other instances add notices too). */
  idleCheckMs?: number;
}

/** `notify` when a notice was queued; `close` stops after the sending in progress. */
export type NoticeOutbox = QueueRunner;

export function startNoticeOutbox(options: NoticeOutboxOptions): NoticeOutbox {
  const { store, mailer, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const idleCheckMs = options.idleCheckMs ?? 60_000;

  async function drain(isClosed: () => boolean): Promise<void> {
    for (;;) {
      if (isClosed()) return;
      const notice = await store.claimNotice(Date.now(), leaseMs);
      if (!notice) return;
      try {
        await mailer.sendStudioNotice(notice, options.studioUrl);
        await store.dropNotice(notice.id);
        log.info({ noticeId: notice.id, kind: notice.kind }, 'studio notice sent');
      } catch (error) {
        const failed = judgeFailedMail(error, notice.attempts, options);
        if (failed.next === 'retry') {
          await store.retryNotice(notice.id, failed.summary, failed.atMs);
          log.warn({ noticeId: notice.id, reason: failed.summary }, 'studio notice failed; will retry');
        } else {
          await store.dropNotice(notice.id);
          log.warn({ noticeId: notice.id, reason: failed.summary }, 'studio notice given up');
        }
      }
    }
  }

  return startQueueRunner({
    drain,
    nextDue: () => store.nextNoticeDue(),
    idleCheckMs,
    onError: (error) => log.warn({ reason: (error as Error).message }, 'studio notices run failed'),
  });
}
