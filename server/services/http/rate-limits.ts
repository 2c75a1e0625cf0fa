/**
 * The rate limits the public routes are built with: a route family's own limiter, and the
 * limit that all the addresses of one network share.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { networkOf } from './client-network.ts';
import { MINUTE_MS } from './request-limits.ts';

/**
 * Gives `app` (a route plugin) its own limiter, whose counts live in Redis under `nameSpace`
 * when instances share them, else in memory. Redis down: requests go through rather than the
 * routes closing (the log says why).
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | null, nameSpace: string): Promise<void> {
  await app.register(rateLimit, { global: false, ...(redis && { redis, nameSpace }), skipOnError: true });
}

/** At most `max` requests a minute from one network (IPv4 /24, IPv6 /56), all its addresses together. */
export const networkRateLimit = (app: FastifyInstance, max: number) =>
  app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: (request) => `network ${networkOf(request.ip)}` });
