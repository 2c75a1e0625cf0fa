/**
 * The outbox worker: sends the stored messages' mails (the artist's, then the auto-reply, or a
 * digest of those held past the artist's hourly budget) and retries failures with backoff. The
 * queue is the database, so it survives restarts, and a lease on each message keeps several
 * instances from sending one mail at once.
 */
import { describeFailure, type DeliveryFailure } from './delivery-failure.ts';
import type { Mailer } from './mailer.ts';
import { startQueueRunner } from '../queue-runner.ts';
import {
  digestSlotAfter,
  type DigestClaim,
  type MailPart,
  type MessageStore,
  type StoredMessage,
} from './message-store.ts';
import type { Log } from '../log.ts';

export interface OutboxOptions {
  store: MessageStore;
  mailer: Mailer;
  log: Pick<Log, 'info' | 'warn'>;
  /** The first retry's delay; each later one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts at most before the mails still pending are given up (recorded as 'failed'). */
  maxAttempts: number;
  /** How often to look at the queue when nothing is due sooner (other instances add messages too). */
  idleCheckMs?: number;
  /** How long a claimed message is ours: longer than any SMTP exchange takes. */
  leaseMs?: number;
  /** The digest slots' interval (as the store's) and the most messages one digest lists. */
  digestIntervalMs: number;
  digestMaxMessages: number;
}

export interface Outbox {
  /** Looks at the queue now (a new message was stored). */
  notify(): void;
  /** Stops, after the delivery in progress. */
  close(): Promise<void>;
}

/** How long a claimed message is ours unless OUTBOX_LEASE_MS says otherwise. */
export const DEFAULT_LEASE_MS = 10 * 60 * 1000;

/** The two mails of a message, in the order they are sent: the artist's first. */
const MAILS: readonly {
  part: MailPart;
  label: string;
  pending: (message: StoredMessage) => boolean;
  send: (mailer: Mailer, message: StoredMessage) => Promise<void>;
  sent: (store: MessageStore, id: number) => Promise<void>;
}[] = [
  {
    part: 'artist',
    label: 'mail to the artist',
    pending: (message) => message.artistStatus === 'pending',
    send: (mailer, message) => mailer.sendToArtist(message),
    sent: (store, id) => store.markArtistSent(id),
  },
  {
    part: 'reply',
    label: 'auto-reply',
    pending: (message) => message.replyStatus === 'pending',
    send: (mailer, message) => mailer.sendAutoReply(message),
    sent: (store, id) => store.markReplySent(id),
  },
];

const DIGEST_LABEL = 'digest to the artist';

/** What a failed mail means for its message: the reason to record, and whether it is given up. */
function judgeFailure(label: string, failure: DeliveryFailure, attempts: number, maxAttempts: number) {
  if (failure.permanent) return { givenUp: true, reason: `${label} refused for good: ${failure.summary}` };
  const givenUp = attempts >= maxAttempts;
  return { givenUp, reason: `${givenUp ? `gave up after ${attempts} attempts: ` : ''}${label}: ${failure.summary}` };
}

/** The delay before attempt `attempts + 1`: doubling from the base, capped, ±20 % jitter. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** attempts);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** How a queue's mails are retried: the outbox's settings. */
export interface RetrySettings {
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
}

/** What becomes of a queued mail whose attempt failed: refused for good, given up, or tried again. */
export type FailedMail = { summary: string } & ({ next: 'refused' | 'given-up' } | { next: 'retry'; atMs: number });

/** Judges a failed attempt of a mail tried `attempts` times before, for the queues of single mails. */
export function judgeFailedMail(error: unknown, attempts: number, settings: RetrySettings): FailedMail {
  const { permanent, summary } = describeFailure(error);
  if (permanent) return { next: 'refused', summary };
  if (attempts + 1 >= settings.maxAttempts) return { next: 'given-up', summary };
  return { next: 'retry', atMs: Date.now() + backoffMs(attempts, settings.retryBaseMs, settings.retryMaxMs), summary };
}

export function startOutbox(options: OutboxOptions): Outbox {
  const { store, mailer, log } = options;
  const idleCheckMs = options.idleCheckMs ?? 60_000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  async function deliver(message: StoredMessage): Promise<void> {
    const due = MAILS.filter((mail) => mail.pending(message));
    const givenUp: MailPart[] = [];
    const reasons: string[] = [];
    let retry = false;
    for (const [index, mail] of due.entries()) {
      // Deleted in the studio while it waited here: nothing more of it is sent.
      if (!(await store.get(message.id))) {
        log.info({ messageId: message.id }, 'contact message deleted before its delivery');
        return;
      }
      try {
        await mail.send(mailer, message);
        await mail.sent(store, message.id);
      } catch (error) {
        const failure = describeFailure(error);
        const judged = judgeFailure(mail.label, failure, message.attempts + 1, options.maxAttempts);
        reasons.push(judged.reason);
        if (failure.permanent) {
          // Refused for good: this mail ends here, the other one is still sent.
          givenUp.push(mail.part);
          continue;
        }
        retry = !judged.givenUp;
        if (!retry) givenUp.push(...due.slice(index).map((left) => left.part));
        break;
      }
    }
    if (reasons.length === 0) {
      await store.release(message.id);
      log.info({ messageId: message.id }, 'contact message delivered');
      return;
    }
    const reason = reasons.join('; ');
    const next = Date.now() + backoffMs(message.attempts, options.retryBaseMs, options.retryMaxMs);
    // Recording the failure also gives up the lease; if the database is what failed, the
    // lease runs out by itself and the message is tried again then.
    await store.markFailed(message.id, reason, next, givenUp).catch(() => undefined);
    log.warn(
      { messageId: message.id, attempts: message.attempts + 1, reason, givenUp },
      retry
        ? 'contact message delivery failed; will retry'
        : 'contact message delivery failed for good (npm run messages shows it)',
    );
  }

  async function deliverDigest(claim: DigestClaim): Promise<void> {
    // Those deleted in the studio since the claim are left out of it.
    const kept = await Promise.all(claim.messages.map((message) => store.get(message.id)));
    const messages = claim.messages.filter((_message, index) => kept[index] !== undefined);
    if (messages.length === 0) return;
    const { waiting } = claim;
    const messageIds = messages.map((message) => message.id);
    try {
      await mailer.sendDigest(messages, waiting);
      await store.markDigestSent(messageIds);
      log.info({ messageIds, waiting }, 'digest delivered to the artist');
    } catch (error) {
      const failure = describeFailure(error);
      const now = Date.now();
      for (const message of messages) {
        const judged = judgeFailure(DIGEST_LABEL, failure, message.attempts + 1, options.maxAttempts);
        // Retried at a slot, never between two: the artist still gets one digest a slot at most.
        // Given up, the auto-reply is due at once.
        const next = judged.givenUp
          ? now
          : digestSlotAfter(
              now + backoffMs(message.attempts, options.retryBaseMs, options.retryMaxMs),
              options.digestIntervalMs,
            );
        await store
          .markFailed(message.id, judged.reason, next, judged.givenUp ? ['artist'] : [])
          .catch(() => undefined);
      }
      log.warn({ messageIds, reason: failure.summary }, 'digest to the artist failed (npm run messages shows it)');
    }
  }

  // One message claimed at a time: a lease then covers only the mail being sent, never
  // messages waiting their turn behind it (another instance may send those meanwhile).
  async function drain(isClosed: () => boolean): Promise<void> {
    while (!isClosed()) {
      const digest = await store.claimDigest(Date.now(), options.digestMaxMessages, leaseMs);
      if (digest.messages.length > 0) {
        await deliverDigest(digest);
        continue;
      }
      const [message] = await store.claimDue(Date.now(), 1, leaseMs);
      if (!message) return;
      await deliver(message);
    }
  }

  const runner = startQueueRunner({
    drain,
    nextDue: () => store.nextDue(),
    idleCheckMs,
    onError: (error) => log.warn({ reason: (error as Error).message }, 'outbox run failed'),
  });

  return {
    notify: runner.notify,
    close: async () => {
      await runner.close();
      mailer.close();
    },
  };
}
