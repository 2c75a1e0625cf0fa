/**
 * The mail side of the soak: a real SMTP peer (perf/harness/smtp-peer.ts) per scenario, and
 * the audit that compares what the database holds with what the peer received, mail by mail,
 * through the Message-IDs the mailer gives each message (`<contact-ID-artist@…>`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredMessage } from '../../server/services/contact/message-store.ts';
import { openSqliteStore } from '../../server/services/stores/open-store.ts';
import type { SmtpPeer } from '../harness/smtp-peer.ts';

export { startSmtpPeer, type SmtpPeer } from '../harness/smtp-peer.ts';

/** Where the server sends the artist's mails in every scenario. */
export const ARTIST = 'artist@soak.test';

/**
 * The environment that points a server at the peer, with quick retries. The audit counts each
 * message's own mail, so the artist's hourly budget is set beyond what a scenario sends: no
 * message is held for a digest (tests/unit/server/artist-digest.test.ts covers those).
 */
export const mailEnv = (peer: SmtpPeer): Record<string, string> => ({
  SMTP_URL: peer.url,
  MAIL_TO: ARTIST,
  OUTBOX_RETRY_BASE_MS: '200',
  OUTBOX_RETRY_MAX_MS: '1500',
  ARTIST_MAILS_PER_HOUR: '1000000',
});

/** A mail of this message is still to go (pending, or held for a digest). */
export const undelivered = (message: StoredMessage): boolean =>
  ['pending', 'held'].includes(message.artistStatus) || message.replyStatus === 'pending';

export interface DeliveryAudit {
  stored: number;
  /** Stored messages whose artist mail (or due auto-reply) the peer has not received. */
  undelivered: number;
  /** Mails the peer received more than once (the same Message-ID). */
  duplicates: number;
  /** Mails whose Message-ID names no stored message. */
  unexplained: number;
  /** Artist mails and auto-replies the peer holds. */
  mails: number;
  /** Stored messages that needed more than one attempt (the faults really bit). */
  retried: number;
}

/** Reads every stored message through a second connection, as the artist's tools do. */
export async function readMessages(dataDir: string): Promise<StoredMessage[]> {
  const store = await openSqliteStore(dataDir);
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}

/** Waits until nothing is left to deliver (true) or the time is up (false). */
export async function waitForDelivery(dataDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = (await readMessages(dataDir)).some(undelivered);
    if (!pending) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
}

const MESSAGE_ID = /^<contact-(\d+)-(artist|reply)@/;

/** Compares the database with the peer's mails: each due mail exactly once, none unexplained. */
export function auditDeliveries(messages: readonly StoredMessage[], peer: SmtpPeer): DeliveryAudit {
  const counts = new Map<string, number>();
  for (const mail of peer.received) {
    const id = mail.parsed.messageId ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const byKey = new Map<string, number>();
  let unexplained = 0;
  for (const [id, count] of counts) {
    const match = MESSAGE_ID.exec(id);
    if (!match) unexplained += count;
    else byKey.set(`${match[1] ?? ''}-${match[2] ?? ''}`, count);
  }
  const ids = new Set(messages.map((m) => String(m.id)));
  for (const key of byKey.keys()) if (!ids.has(key.split('-')[0] ?? '')) unexplained += byKey.get(key) ?? 0;
  let undelivered = 0;
  let duplicates = 0;
  for (const message of messages) {
    const artist = byKey.get(`${message.id}-artist`) ?? 0;
    const reply = byKey.get(`${message.id}-reply`) ?? 0;
    if (artist === 0) undelivered += 1;
    if (message.replyStatus !== 'skipped' && reply === 0) undelivered += 1;
    duplicates += Math.max(0, artist - 1) + Math.max(0, reply - 1);
  }
  return {
    stored: messages.length,
    undelivered,
    duplicates,
    unexplained,
    mails: peer.received.length,
    retried: messages.filter((m) => m.attempts > 0).length,
  };
}

/** A unique, valid contact message: its number comes back in the stored row. */
export function contactBody(tag: string, number: number): string {
  return JSON.stringify({
    name: `Soak ${tag} ${number}`,
    email: `soak+${tag}-${number}@example.com`,
    message: `Soak ${tag} message #${number}: every acknowledged message must arrive once.`,
    lang: (['pt', 'en', 'es'] as const)[number % 3],
  });
}

/** The number `contactBody` put in a stored message, or null for another message. */
export function numberOf(message: StoredMessage, tag: string): number | null {
  const match = new RegExp(`^Soak ${tag} message #(\\d+):`).exec(message.message);
  return match ? Number(match[1]) : null;
}
