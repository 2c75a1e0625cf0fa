/**
 * The contact messages' store, as every engine keeps it (SQLite in DATA_DIR by default,
 * PostgreSQL when DATABASE_URL is set): a message is durable before the visitor is told it was
 * received, and each delivery is leased, so with several instances on one database it is
 * attempted by one of them at a time. Kept once for both engines, over Kysely
 * (stores/open-store.ts).
 */
import { createHash } from 'node:crypto';
import type { Lang } from '../../../src/lib/languages.ts';
import type { ReplySkipReason } from '../../../src/lib/studio-messages.ts';
import { mailboxKey } from './mail-address.ts';

/** A message as the form sends it, already validated. */
export interface NewMessage {
  name: string;
  email: string;
  message: string;
  lang: Lang;
}

/** 'failed': refused for good, or still failing after the last attempt allowed (last_error says why). */
export type DeliveryStatus = 'pending' | 'sent' | 'failed';
/** 'held': past the hourly budget of single mails, it waits for a digest (nextAttemptAt is its slot). */
export type ArtistStatus = DeliveryStatus | 'held';
export type ReplyStatus = DeliveryStatus | 'skipped';
/** The two mails of a message: to the artist, and the auto-reply. */
export type MailPart = 'artist' | 'reply';

export interface StoredMessage extends NewMessage {
  id: number;
  createdAt: string;
  artistStatus: ArtistStatus;
  /** The mail to the artist goes (or went) in a digest, not on its own. */
  artistDigest: boolean;
  replyStatus: ReplyStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  deliveredAt: string | null;
  /** Why it got no auto-reply (null when it got one, or was stored before the reason was kept). */
  replySkipReason: ReplySkipReason | null;
  /** When the artist read it in the studio, or null while unread. */
  readAt: string | null;
  /** When the artist marked it handled, or null. */
  handledAt: string | null;
}

/** The same message resubmitted within this window is stored once. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
/** At most one auto-reply per mailbox (`mailboxKey`: `a+1@x` and `A@x` are one) in this window. */
export const AUTO_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The window of the cap on auto-replies to everyone together. */
export const AUTO_REPLY_CAP_WINDOW_MS = 60 * 60 * 1000;
/** The window of the budget of single mails to the artist. */
export const ARTIST_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** How often a digest may go, by default: four an hour. */
export const DEFAULT_DIGEST_INTERVAL_MS = 15 * 60 * 1000;
/** The longest a last error is kept. */
export const LAST_ERROR_MAX = 500;

/** Why a new message gets no auto-reply (the studio shows it). */
export type { ReplySkipReason } from '../../../src/lib/studio-messages.ts';

export interface AddResult {
  message: StoredMessage;
  duplicate: boolean;
  /** Set when this call stored a new message without an auto-reply. */
  replySkipped?: ReplySkipReason;
}

/** The held messages one instance claimed for a digest, and how many others still wait. */
export interface DigestClaim {
  messages: StoredMessage[];
  waiting: number;
}

export interface MessageStoreOptions {
  /** Auto-replies to everyone together in any hour; past it, messages are stored without one. */
  autoRepliesPerHour?: number;
  /**
   * SQLite only: this process is the one that delivers from the file (one instance per
   * DATA_DIR), so leases found at open were its own before a crash or a kill, and are
   * released at once instead of waiting OUTBOX_LEASE_MS. (PostgreSQL leases are shared by
   * instances and always run their course.)
   */
  takeOverLeases?: boolean;
  /** The site's own addresses (MAIL_TO, MAIL_FROM): a form naming one of them gets no auto-reply. */
  ownAddresses?: readonly string[];
  /** Single mails to the artist in any hour; past it, new messages are held for a digest (default: no limit). */
  artistMailsPerHour?: number;
  /** Digests go at wall-clock multiples of this, a slot every instance computes alike (default DEFAULT_DIGEST_INTERVAL_MS). */
  digestIntervalMs?: number;
}

export interface MessageStore {
  /**
   * Stores a message durably; a duplicate of a recent one returns that one instead. Past the
   * budget of single mails (those sent in the last hour and those still pending), its mail to
   * the artist is held for the next digest slot.
   */
  add(message: NewMessage, now?: number): Promise<AddResult>;
  /**
   * Claims up to `limit` messages whose next attempt is due and that no one holds: each is
   * leased to the caller until `now + leaseMs` (or until `release`), so no other instance
   * delivers it meanwhile. A crashed holder's lease simply runs out. A message held for a
   * digest is not claimed here (its auto-reply goes once the digest is sent or given up).
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<StoredMessage[]>;
  /**
   * Claims the oldest `limit` held messages whose slot has come, for one digest, and moves the
   * others to the next slot, all at once across instances: a slot has at most one digest, and
   * no message is in two. The claimed ones are leased as `claimDue` does; should the holder
   * die, they wait for the first slot after the lease.
   */
  claimDigest(now: number, limit: number, leaseMs: number): Promise<DigestClaim>;
  /** When the next delivery or digest may be claimed, or null when everything is delivered. */
  nextDue(): Promise<number | null>;
  /** The artist has the message (delivered_at is set). */
  markArtistSent(id: number, now?: number): Promise<void>;
  /** The artist has these messages in a digest; their auto-replies are due now and the leases given up. */
  markDigestSent(ids: readonly number[], now?: number): Promise<void>;
  markReplySent(id: number): Promise<void>;
  /**
   * Records a failed attempt (attempts + 1, the error, when to try next) and gives up the
   * lease; the mails in `givenUp` are not tried again (their status becomes 'failed').
   */
  markFailed(id: number, error: string, nextAttemptAt: number, givenUp?: readonly MailPart[]): Promise<void>;
  /** Gives up the lease on a message (its delivery attempt is over). */
  release(id: number): Promise<void>;
  /** Every message, newest first; with a page, at most `limit` of those older than `beforeId`. */
  list(page?: MessagePage): Promise<StoredMessage[]>;
  get(id: number): Promise<StoredMessage | undefined>;
  /** Marks a message read (keeping when it was first read) or unread; false when there is no such message. */
  markRead(id: number, read: boolean, now?: number): Promise<boolean>;
  /** Marks a message handled (keeping when) or not; false when there is no such message. */
  markHandled(id: number, handled: boolean, now?: number): Promise<boolean>;
  /**
   * Deletes a message for good (a visitor's right to erasure); false when there was none. A
   * delivery holding it finds it gone and sends nothing more.
   */
  remove(id: number): Promise<boolean>;
  /** How many messages the artist has not read. */
  unreadCount(): Promise<number>;
  /** How many messages have a mail given up (failed). */
  failedCount(): Promise<number>;
  /**
   * Queues again every mail given up (failed), due now with its attempts counted from zero;
   * resolves to how many messages that concerns.
   */
  retryFailed(now?: number): Promise<number>;
  close(): Promise<void>;
}

/** A page of the list: the newest `limit` messages older than `beforeId` (all when absent). */
export interface MessagePage {
  limit: number;
  beforeId?: number;
}

/** Identifies "the same message": same sender, same words, whatever the spacing or case. */
export function fingerprint(message: NewMessage): string {
  const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return createHash('sha256')
    .update([message.name, message.email, message.message].map(normalise).join('\u0000'))
    .digest('hex');
}

/**
 * The messages with a mail still to send, in either engine's SQL: the predicate of their
 * `messages_due` index, which every query for due messages repeats so that it uses the index.
 */
export const DUE = "(artist_status = 'pending' OR artist_status = 'held' OR reply_status = 'pending')";

/** The messages with a mail given up, in either engine's SQL. */
export const FAILED = "(artist_status = 'failed' OR reply_status = 'failed')";

/** A database row, in either engine (the column names are the same). */
export interface MessageRow {
  id: number;
  created_at: string;
  name: string;
  email: string;
  message: string;
  lang: Lang;
  artist_status: ArtistStatus;
  /** 0 or 1 in SQLite, a boolean in PostgreSQL. */
  artist_digest: number | boolean;
  reply_status: ReplyStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  delivered_at: string | null;
  reply_skip_reason: ReplySkipReason | null;
  read_at: string | null;
  handled_at: string | null;
}

export const toMessage = (row: MessageRow): StoredMessage => ({
  id: row.id,
  createdAt: row.created_at,
  name: row.name,
  email: row.email,
  message: row.message,
  lang: row.lang,
  artistStatus: row.artist_status,
  artistDigest: Boolean(row.artist_digest),
  replyStatus: row.reply_status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  deliveredAt: row.delivered_at,
  replySkipReason: row.reply_skip_reason,
  readAt: row.read_at,
  handledAt: row.handled_at,
});

/** The mailboxes that never get an auto-reply, from the store's options. */
export const ownMailboxes = (options: MessageStoreOptions): ReadonlySet<string> =>
  new Set((options.ownAddresses ?? []).map(mailboxKey));

/** Whether a new message's auto-reply is skipped, from what the store counted in its transaction. */
export function replySkipReason(
  ownAddress: boolean,
  addressRepliedToday: boolean,
  repliesLastHour: number,
  autoRepliesPerHour: number,
): ReplySkipReason | undefined {
  if (ownAddress) return 'own-address';
  if (addressRepliedToday) return 'address-replied-today';
  return repliesLastHour >= autoRepliesPerHour ? 'hourly-cap' : undefined;
}

/** The first digest slot strictly after `now`: a wall-clock multiple of the interval. */
export const digestSlotAfter = (now: number, intervalMs: number): number =>
  (Math.floor(now / intervalMs) + 1) * intervalMs;
