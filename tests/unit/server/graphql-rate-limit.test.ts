/**
 * `/graphql` is rate limited per client address: generous, configurable with
 * GRAPHQL_RATE_LIMIT, the address being the one the proxy appended when TRUST_PROXY is set,
 * and a refusal is a GraphQL-shaped 429 with Retry-After.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { buildTestApp, createFixtureSite } from './fixture-site.ts';

const PLAYLISTS = JSON.stringify({ query: '{ playlists { name } }' });
let app: FastifyInstance | undefined;
let cleanup = () => {};
afterEach(async () => {
  await app?.close();
  app = undefined;
  cleanup();
});

async function start(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const site = createFixtureSite();
  cleanup = site.cleanup;
  app = await buildTestApp(site, env);
  return app;
}

/** A POST from `forwardedFor`, as the proxy in front passes it on. */
const post = (target: FastifyInstance, forwardedFor: string) =>
  target.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload: PLAYLISTS,
  });

it('refuses an address over its limit with a GraphQL-shaped 429 and Retry-After, others still pass', async () => {
  const target = await start({ GRAPHQL_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
  // Each request claims another origin in X-Forwarded-For: only what the proxy appended counts.
  const statuses = [];
  for (let n = 0; n < 3; n += 1) statuses.push((await post(target, `10.0.0.${n}, 203.0.113.7`)).statusCode);
  expect(statuses).toEqual([200, 200, 200]);

  const refused = await post(target, '10.0.0.9, 203.0.113.7');
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(refused.headers['content-type']).toMatch(/^application\/json/);
  expect(refused.headers['x-content-type-options']).toBe('nosniff');
  expect(refused.json()).toEqual({
    data: null,
    errors: [
      { message: expect.stringMatching(/^Too many requests: at most 3 a minute from one address\./) as unknown },
    ],
  });

  // A GET counts against the same budget.
  const get = await target.inject({
    url: '/graphql?query=%7B%20playlists%20%7B%20name%20%7D%20%7D',
    headers: { 'x-forwarded-for': '203.0.113.7', 'mercurius-require-preflight': 'true' },
  });
  expect(get.statusCode).toBe(429);
  expect((await post(target, '203.0.113.8')).statusCode).toBe(200);
});

it('lets 600 requests a minute from one address through by default, and no more', async () => {
  const target = await start();
  const statuses = new Map<number, number>();
  for (let n = 0; n < 601; n += 1) {
    const { statusCode } = await post(target, '198.51.100.1');
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  }
  expect(Object.fromEntries(statuses)).toEqual({ 200: 600, 429: 1 });
});

it('sends no rate-limit headers on the answers it lets through, which a CDN may cache', async () => {
  const response = await post(await start(), '198.51.100.2');
  expect(response.statusCode).toBe(200);
  expect(Object.keys(response.headers).filter((name) => /ratelimit|retry-after/.test(name))).toEqual([]);
});

it('refuses a GRAPHQL_RATE_LIMIT that is not a positive whole number', () => {
  for (const value of ['0', '-5', 'many', '1.5']) {
    expect(() => loadConfig({ GRAPHQL_RATE_LIMIT: value }), value).toThrow(/GRAPHQL_RATE_LIMIT/);
  }
});
