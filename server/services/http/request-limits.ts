/**
 * The limits every request route shares: how large a body may be, the rate limits' window, and
 * what a route family's rate limit is given.
 */
import type { Redis } from 'ioredis';

/** The largest request body the server reads at all: the contact form's, whose message is the largest. */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;
/** The largest GraphQL POST body: a playlist query with its variables takes a fraction of it. */
export const MAX_GRAPHQL_BODY_BYTES = 8 * 1024;

/** The window the rate limits count requests in. */
export const MINUTE_MS = 60_000;

/** A route family's rate limit per client address, and where it counts. */
export interface ClientRateLimitOptions {
  /** Requests a minute from one client address. */
  perClientPerMinute: number;
  /** Where the counts live when several instances share them (REDIS_URL); else in memory. */
  redis: Redis | null;
}
