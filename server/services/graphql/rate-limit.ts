/**
 * The GraphQL routes' rate limit: one budget a minute per client address (request.ip, which
 * honours TRUST_PROXY) for GET and POST together, shared through Redis when several instances
 * run. The refusal is a Mercurius error, so it is shaped like any GraphQL error and keeps its 429.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import mercurius from 'mercurius';
import { MINUTE_MS } from '../http/request-limits.ts';

const WITHOUT_COUNTS = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false };

/** The @fastify/rate-limit options for the routes of the plugin it is registered in. */
export function graphqlRateLimit(perClientPerMinute: number, redis: Redis | null): RateLimitPluginOptions {
  return {
    global: true,
    ...(redis && { redis, nameSpace: 'graphql-' }),
    // Redis down: answer rather than refuse every listener (the log says why).
    skipOnError: true,
    max: perClientPerMinute,
    timeWindow: MINUTE_MS,
    // Only Retry-After is sent: x-ratelimit-* headers on the answers let through would differ
    // from client to client and spoil them for a CDN.
    addHeadersOnExceeding: WITHOUT_COUNTS,
    addHeaders: { ...WITHOUT_COUNTS, 'retry-after': true },
    errorResponseBuilder: (_request, context) =>
      new mercurius.ErrorWithProps(
        `Too many requests: at most ${perClientPerMinute} a minute from one address. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        { code: 'RATE_LIMITED' },
        context.statusCode,
      ),
  };
}
