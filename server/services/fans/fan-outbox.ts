/**
 * Sends the list's mails from their queue in the database, the way the contact outbox sends
 * messages, and starts the announcements that are due: the queue survives restarts, a lease keeps two instances from sending one mail, a
 * failure is retried with the outbox's backoff, and a permanent refusal (5xx) marks the fan
 * refused, so no more mail goes to that address.
 */
import { FAN_TOKEN_PARAM, fanPagePath } from '../../../src/lib/fans.ts';
import type { Lang } from '../../../src/lib/languages.ts';
import type { Mailer } from '../contact/mailer.ts';
import type { FanLinks } from './fan-mail-texts.ts';
import { DEFAULT_LEASE_MS, judgeFailedMail, type RetrySettings } from '../contact/outbox.ts';
import type { Log } from '../log.ts';
import { startQueueRunner, type QueueRunner } from '../queue-runner.ts';
import type { FanStore } from './fan-store.ts';

/** How often a pass looks for addresses never confirmed, rather than on every sign-up's pass. */
const FORGET_CHECK_MS = 60 * 60 * 1000;

export interface FanOutboxOptions extends RetrySettings {
  store: FanStore;
  mailer: Pick<Mailer, 'sendFanMail'>;
  /** The public site's origin, which the links in the mails open. */
  siteOrigin: string;
  /** The pace of an announcement's mails: one every this many ms, all instances together. */
  announcementIntervalMs: number;
  /** Whether the site serves `release` as out, as a build made after `sendAtMs` does. */
  releaseIsOut: (release: string, sendAtMs: number) => boolean;
  log: Pick<Log, 'info' | 'warn'>;
  leaseMs?: number;
  /** How often to look at the queue when nothing is due sooner (other instances queue mails too). */
  idleCheckMs?: number;
}

/** The fan's two links, in their language. */
export function fanLinks(siteOrigin: string, lang: Lang, token: string): FanLinks {
  const link = (page: 'confirm' | 'leave') =>
    `${siteOrigin}${fanPagePath(lang, page)}?${new URLSearchParams({ [FAN_TOKEN_PARAM]: token }).toString()}`;
  return { confirm: link('confirm'), leave: link('leave') };
}

export function startFanOutbox(options: FanOutboxOptions): QueueRunner {
  const { store, mailer, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  /** Each announcement's cover, read once: it never changes, and every mail of it carries it. */
  const covers = new Map<number, Promise<Uint8Array | null>>();
  const coverOf = (id: number) => {
    let cover = covers.get(id);
    if (!cover) {
      cover = store.announcements.cover(id);
      covers.set(id, cover);
    }
    return cover;
  };

  /** When addresses never confirmed were last looked for: an hour apart is soon enough for 30 days. */
  let forgottenAt = 0;

  async function drain(isClosed: () => boolean): Promise<void> {
    if (Date.now() - forgottenAt >= FORGET_CHECK_MS) {
      forgottenAt = Date.now();
      const forgotten = await store.forgetUnconfirmed();
      if (forgotten > 0) log.info({ forgotten }, 'addresses never confirmed forgotten');
    }
    const started = await store.announcements.startDue(
      Date.now(),
      options.announcementIntervalMs,
      options.releaseIsOut,
    );
    if (started > 0) log.info({ started }, 'announcements started');
    while (!isClosed()) {
      const mail = await store.claimMail(Date.now(), leaseMs);
      if (!mail) return;
      try {
        const cover = mail.announcement ? await coverOf(mail.announcement.id) : null;
        await mailer.sendFanMail(mail, fanLinks(options.siteOrigin, mail.lang, mail.token), { cover });
        await store.finishMail(mail, 'sent');
        log.info({ fanMailId: mail.id, kind: mail.kind }, 'fan mail sent');
      } catch (error) {
        const failed = judgeFailedMail(error, mail.attempts, options);
        const logged = { fanMailId: mail.id, reason: failed.summary };
        if (failed.next === 'retry') {
          await store.retryMail(mail.id, failed.summary, failed.atMs);
          log.warn(logged, 'fan mail failed; will retry');
        } else if (failed.next === 'refused') {
          await store.finishMail(mail, 'refused', failed.summary);
          log.warn(logged, 'fan address refused for good: no more mail to it');
        } else {
          await store.finishMail(mail, 'failed');
          log.warn(logged, 'fan mail given up');
        }
      }
    }
  }

  return startQueueRunner({
    drain,
    nextDue: async () => {
      const [mail, announcement] = await Promise.all([store.nextMailDue(), store.announcements.nextStart(Date.now())]);
      if (mail === null) return announcement;
      return announcement === null ? mail : Math.min(mail, announcement);
    },
    idleCheckMs: options.idleCheckMs ?? 60_000,
    onError: (error) => log.warn({ reason: (error as Error).message }, 'fan mails run failed'),
  });
}
