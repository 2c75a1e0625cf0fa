/**
 * The Redis connection the rate limits share between instances (REDIS_URL) as `app.redis`,
 * or null when the counts stay in memory; closed when the app closes.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis } from '../services/redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

const redisPlugin: FastifyPluginAsync<{ url: string | null }> = async (app, { url }) => {
  const redis = url
    ? await connectRedis(url, app.log).catch((error: unknown) => {
        throw new Error(`Invalid configuration:\n  REDIS_URL: cannot reach Redis (${(error as Error).message})`);
      })
    : null;
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
};

export default fp(redisPlugin, { name: 'redis' });
