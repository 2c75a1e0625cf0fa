/**
 * Several instances, one state: two apps on one real PostgreSQL and one real Redis, as two
 * servers behind a load balancer would run. Messages are stored once and mailed once, the
 * limits hold across both, a database lost while running answers 503 and comes back by
 * itself, and a wrong URL stops the start naming its variable.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../../server/services/stores/open-store.ts';
import {
  freePort,
  startPostgres,
  startRedis,
  type PostgresServer,
  type RedisServer,
} from '../../../perf/harness/engines.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

const ARTIST = 'andre@example.com';
let postgres: PostgresServer;
let redis: RedisServer;
let smtp: SmtpPeer;
let site: FixtureSite;
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  [postgres, redis, smtp] = await Promise.all([startPostgres(), startRedis(), startSmtpPeer()]);
  site = createFixtureSite();
}, 60_000);
afterAll(async () => {
  await Promise.all([postgres.close(), redis.close(), smtp.close()]);
  site.cleanup();
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  smtp.received.length = 0;
});

/** Two instances on the same database (and Redis), delivering to the test SMTP peer. */
async function twoInstances(env: Record<string, string>): Promise<[FastifyInstance, FastifyInstance]> {
  const both = await Promise.all(
    [0, 1].map(() =>
      buildTestApp(site, {
        SMTP_URL: smtp.url,
        MAIL_TO: ARTIST,
        MAIL_FROM: 'Site <no-reply@example.com>',
        OUTBOX_RETRY_BASE_MS: '50',
        OUTBOX_RETRY_MAX_MS: '200',
        ...env,
      }),
    ),
  );
  apps.push(...both);
  return both as [FastifyInstance, FastifyInstance];
}

const send = (app: FastifyInstance, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/send-email',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** A message no test sent before: the same one again within minutes is answered as already received. */
let written = 0;
const valid = (n: number) => {
  written += 1;
  return { name: `Fan ${n}`, email: `fan${n}@example.org`, message: `Olá ${n} (${written})`, lang: 'pt' };
};

describe('two instances on one PostgreSQL', () => {
  it('store each message once and mail it once, whichever instance took it', async () => {
    const url = await postgres.createDatabase();
    const [a, b] = await twoInstances({ DATABASE_URL: url, CONTACT_RATE_LIMIT: '1000' });
    const messages = Array.from({ length: 20 }, (_, n) => valid(n));
    const answers = await Promise.all(
      messages.map((message, n) => send(n % 2 ? a : b, message, `198.51.100.${n + 1}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(202));
    // The same message sent to the other instance is recognised as already received.
    const again = await send(b, messages[1] ?? {}, '198.51.100.2');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, duplicate: true });

    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(40);
    // Closing waits for the deliveries under way: a mail sent twice would be in by then.
    await Promise.all([a.close(), b.close()]);
    const ids = smtp.received.map((mail) => mail.parsed.messageId);
    expect(new Set(ids).size).toBe(40);
    const store = await openPostgresStore(url);
    const stored = await store.list();
    await store.close();
    expect(stored).toHaveLength(20);
    expect(stored.every((m) => m.artistStatus === 'sent' && m.replyStatus === 'sent')).toBe(true);
  }, 30_000);

  it('send one auto-reply per address a day across both', async () => {
    const [a, b] = await twoInstances({ DATABASE_URL: await postgres.createDatabase(), CONTACT_RATE_LIMIT: '1000' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => send(n % 2 ? a : b, { ...valid(n), email: 'same@example.org' })),
    );
    expect(
      answers.filter((answer) => answer.json<{ autoReplyStatus: string }>().autoReplyStatus === 'queued'),
    ).toHaveLength(1);
  });

  it('answer 503 while the database is down, and take messages again once it is back, without a restart', async () => {
    const [a] = await twoInstances({ DATABASE_URL: await postgres.createDatabase() });
    expect((await send(a, valid(1))).statusCode).toBe(202);
    await postgres.stop();
    try {
      const down = await send(a, valid(2));
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ success: false });
      expect(down.body).not.toMatch(/ECONNREFUSED|postgres|\/tmp\//i);
    } finally {
      await postgres.start();
    }
    await expect.poll(async () => (await send(a, valid(3))).statusCode, { timeout: 10_000, interval: 500 }).toBe(202);
  }, 30_000);

  it('refuse to start with a database that cannot be reached, naming DATABASE_URL', async () => {
    const port = await freePort();
    await expect(buildTestApp(site, { DATABASE_URL: `postgres://site@127.0.0.1:${port}/nothing` })).rejects.toThrow(
      /DATABASE_URL/,
    );
  });
});

/** A Redis database of its own for each test (Redis has 16), so no count carries over. */
let redisDatabases = 0;
const redisUrl = () => `${redis.url}/${(redisDatabases += 1)}`;

describe('two instances on one Redis', () => {
  it('share the per-address limit', async () => {
    const [a, b] = await twoInstances({ REDIS_URL: redisUrl() });
    const statuses = [];
    for (let n = 0; n < 6; n += 1) statuses.push((await send(n % 2 ? a : b, valid(n), '192.0.2.44')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('share the network and global limits', async () => {
    const [a, b] = await twoInstances({ REDIS_URL: redisUrl(), CONTACT_NETWORK_LIMIT: '3', CONTACT_GLOBAL_LIMIT: '5' });
    const fromOneNetwork = [];
    for (let n = 0; n < 4; n += 1) {
      fromOneNetwork.push((await send(n % 2 ? a : b, valid(n), `203.0.113.${n + 1}`)).statusCode);
    }
    expect(fromOneNetwork).toEqual([202, 202, 202, 429]);
    const elsewhere = [];
    for (let n = 0; n < 3; n += 1) {
      elsewhere.push((await send(n % 2 ? b : a, valid(10 + n), `198.18.${n}.1`)).statusCode);
    }
    expect(elsewhere).toEqual([202, 202, 429]);
  });

  it('share the GraphQL limit', async () => {
    const [a, b] = await twoInstances({ REDIS_URL: redisUrl(), GRAPHQL_RATE_LIMIT: '4' });
    const statuses = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await (n % 2 ? a : b).inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '192.0.2.55',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ playlists { name } }' }),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('let messages through while Redis is down (the form stays open)', async () => {
    const [a] = await twoInstances({ REDIS_URL: redisUrl() });
    await redis.stop();
    try {
      expect((await send(a, valid(1), '192.0.2.90')).statusCode).toBe(202);
    } finally {
      await redis.start();
    }
  });

  it('refuse to start with a Redis that cannot be reached, naming REDIS_URL', async () => {
    const port = await freePort();
    await expect(buildTestApp(site, { REDIS_URL: `redis://127.0.0.1:${port}` })).rejects.toThrow(/REDIS_URL/);
  });
});
