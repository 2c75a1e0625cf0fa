/**
 * The studio's inbox of contact messages as its API and its page share it: the routes, a
 * message's view with its mails' delivery in words the page translates, and the page size.
 */
import type { Lang } from './languages.ts';
import { STUDIO_API_PREFIX } from './studio-auth.ts';
import { studioListRoutes } from './studio-lists.ts';

/** The inbox's routes. */
export const INBOX_ROUTES = {
  ...studioListRoutes('messages'),
  retry: `${STUDIO_API_PREFIX}messages/retry`,
} as const;

/** The most messages one page of the list holds; the next page starts below the last one's id. */
export const INBOX_PAGE_SIZE = 50;

/** Why a message got no auto-reply: the address is the site's own, it had one today, or the hourly cap. */
export const REPLY_SKIP_REASONS = ['own-address', 'address-replied-today', 'hourly-cap'] as const;
export type ReplySkipReason = (typeof REPLY_SKIP_REASONS)[number];

/**
 * The mail to the artist: mailed on its own, mailed in a digest, held for the next digest,
 * being sent (no attempt failed yet), retrying after failed attempts, or failed for good.
 */
export const ARTIST_DELIVERIES = ['mailed', 'in-digest', 'held', 'sending', 'retrying', 'failed'] as const;
export type ArtistDelivery = (typeof ARTIST_DELIVERIES)[number];

/** The auto-reply: sent, waiting its turn (after the artist's mail), retrying, failed, or skipped. */
export const REPLY_DELIVERIES = ['sent', 'pending', 'retrying', 'failed', 'skipped'] as const;
export type ReplyDelivery = (typeof REPLY_DELIVERIES)[number];

/** A message in the inbox. Dates are ISO 8601. */
export interface InboxMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  lang: Lang;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
  artist: { state: ArtistDelivery; deliveredAt: string | null };
  reply: { state: ReplyDelivery; skipped: ReplySkipReason | 'unknown' | null };
  /** Failed attempts so far, and when the next one is (retrying) or the digest goes (held). */
  attempts: number;
  nextAttemptAt: string | null;
}

/** A page of the inbox, newest first, with the unread count and where the next page starts. */
export interface InboxPage {
  unread: number;
  /** Messages with a mail given up, which `retry` queues again. */
  failed: number;
  messages: InboxMessage[];
  /** The `before` of the next page, or null when this one is the last. */
  next: number | null;
}

/** A change of one message: read or not, handled or not. */
export interface InboxChange {
  read?: boolean;
  handled?: boolean;
}

/** The answer to a change or a deletion: the message as it is now (null once deleted), and the unread count. */
export interface InboxChanged {
  message: InboxMessage | null;
  unread: number;
}

/** The answer to a retry: how many messages had mails queued again. */
export interface InboxRetried {
  retried: number;
}
