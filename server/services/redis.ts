/**
 * The Redis connection behind the shared rate limits (REDIS_URL). Commands fail at once while
 * the connection is down instead of queueing, and the limits then let requests through
 * (rate-limit's skipOnError): a missing Redis must not close the contact form. ioredis keeps
 * reconnecting in the background.
 */
import { Redis } from 'ioredis';
import type { Log } from './log.ts';

/** Connects (rejecting when the server cannot be reached within a few seconds). */
export async function connectRedis(url: string, log: Pick<Log, 'warn'>): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    // Once per distinct problem: a reconnecting client repeats the same one.
    if (error.message === lastError) return;
    lastError = error.message;
    log.warn({ reason: error.message }, 'Redis unavailable: rate limits are not enforced until it is back');
  });
  redis.on('ready', () => {
    lastError = '';
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return redis;
}
