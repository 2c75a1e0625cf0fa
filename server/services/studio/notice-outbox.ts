/**
 * Sends the studio's notices (a new passkey) from their queue in the studio's store, the way
 * the contact outbox sends messages: the queue survives restarts, a lease keeps two instances
 * from sending one notice, and a failure is retried with the outbox's backoff until it is
 * refused for good or the attempts run out.
 */
import { describeFailure } from '../contact/delivery-failure.ts';
import type { Log } from '../log.ts';
import type { Mailer } from '../contact/mailer.ts';
import { backoffMs, DEFAULT_LEASE_MS } from '../contact/outbox.ts';
import { startQueueRunner, type QueueRunner } from '../queue-runner.ts';
import type { StudioStore } from './studio-store.ts';

export interface NoticeOutboxOptions {
  store: StudioStore;
  mailer: Pick<Mailer, 'sendStudioNotice'>;
  /** The studio's address, which the notice tells the person to open. */
  studioUrl: string;
  log: Pick<Log, 'info' | 'warn'>;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
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
        const failure = describeFailure(error);
        if (failure.permanent || notice.attempts + 1 >= options.maxAttempts) {
          await store.dropNotice(notice.id);
          log.warn({ noticeId: notice.id, reason: failure.summary }, 'studio notice given up');
        } else {
          const next = Date.now() + backoffMs(notice.attempts, options.retryBaseMs, options.retryMaxMs);
          await store.retryNotice(notice.id, failure.summary, next);
          log.warn({ noticeId: notice.id, reason: failure.summary }, 'studio notice failed; will retry');
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
