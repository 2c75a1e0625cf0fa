/**
 * The contact form's limits as a hostile crowd meets them: every request counts against its
 * address, a few flooding networks cannot close the form for anyone else (in memory and with
 * the counts in Redis), and the client address comes from X-Forwarded-For only when the peer
 * is a proxy listed in TRUST_PROXY.
 */
import { isIP } from 'node:net';
import { validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../../../perf/harness/engines.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { buildContactApp, postContact, storedMessages } from './contact-fixture.ts';
import { createFixtureSite, type FixtureSite } from './fixture-site.ts';

let site: FixtureSite;
let smtp: SmtpPeer;
let redis: RedisServer;
let app: FastifyInstance | undefined;

const build = async (env: Record<string, string> = {}) => {
  app = await buildContactApp(site, smtp, env);
  return app;
};

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await redis.close();
});
beforeEach(async () => {
  // Counts in Redis outlive an app: each test starts from none.
  const client = new Redis(redis.url);
  await client.flushall();
  await client.quit();
  site = createFixtureSite();
  smtp = await startSmtpPeer();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  await smtp.close();
  site.cleanup();
});

const valid = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.org`,
  message: `Hello, message ${n}`,
  lang: 'pt',
});

const send = (target: FastifyInstance, payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
  postContact(target, payload, { headers, remoteAddress });
const stored = () => storedMessages(site);

describe('the per-address limit', () => {
  it('counts requests refused for their Content-Type', async () => {
    const target = await build();
    for (let i = 0; i < 5; i += 1) {
      const refused = await send(target, 'name=x', '198.51.100.40', { 'content-type': 'text/plain' });
      expect(refused.statusCode).toBe(400);
    }
    const limited = await send(target, valid(1), '198.51.100.40');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false });
    expect(await stored()).toHaveLength(0);
  });
});

describe.each([
  ['in memory', () => ({})],
  ['with the counts in Redis', () => ({ REDIS_URL: redis.url })],
])('three flooding networks, %s', (_where, env) => {
  it.each([
    ['IPv4 /24', (network: number, host: number) => `198.51.${100 + network}.${host + 1}`],
    ['IPv6 /56', (network: number, host: number) => `2001:db8:${network + 1}:ab${host.toString(16)}::1`],
  ])('cannot close the form to a fourth %s network', async (_kind, address) => {
    const target = await build(env());
    // 20 valid messages from each network (within each address's 5 a minute): 60 in all.
    const statuses: number[] = [];
    for (let n = 0; n < 60; n += 1) {
      const network = n % 3;
      const host = Math.floor(n / 3) % 4;
      statuses.push((await send(target, valid(n), address(network, host))).statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(60);
    expect((await send(target, valid(100), address(3, 0))).statusCode).toBe(202);
    // A fourth message beyond its share from a flooding network is refused, with Retry-After.
    const refused = await send(target, valid(101), address(0, 3));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Every acknowledged message is stored.
    expect(await stored()).toHaveLength(61);
  });
});

describe('TRUST_PROXY', () => {
  /** The app with a probe route answering the client address and scheme it sees. */
  const probed = async (trust: string) => {
    const target = await build({ TRUST_PROXY: trust });
    target.get('/probe', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    return target;
  };
  const probe = async (target: FastifyInstance, remoteAddress: string, headers: Record<string, string>) =>
    (await target.inject({ url: '/probe', remoteAddress, headers })).json<{ ip: string; protocol: string }>();

  it('counts a direct client that is not a listed proxy as itself, whatever its X-Forwarded-For', async () => {
    const target = await build({ TRUST_PROXY: 'true' });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      statuses.push((await send(target, valid(i), '192.0.2.50', forged)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('takes the last X-Forwarded-For hop only from a listed proxy', async () => {
    const target = await probed('10.0.0.0/8, ::1');
    expect(await probe(target, '10.1.2.3', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })).toMatchObject({
      ip: '203.0.113.9',
    });
    // A listed address forwarding for another listed one is not a second hop to trust.
    expect(await probe(target, '10.1.2.3', { 'x-forwarded-for': '6.6.6.6, 10.9.9.9' })).toMatchObject({
      ip: '10.9.9.9',
    });
    expect(await probe(target, '::1', { 'x-forwarded-for': '2001:db8::7' })).toMatchObject({ ip: '2001:db8::7' });
    expect(await probe(target, '192.0.2.1', { 'x-forwarded-for': '203.0.113.9' })).toMatchObject({
      ip: '192.0.2.1',
    });
  });

  it('never takes a forwarded value that is not an IP address for the client', async () => {
    const target = await probed('true');
    expect(await probe(target, '127.0.0.1', { 'x-forwarded-for': 'garbage' })).toMatchObject({ ip: '127.0.0.1' });
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 60 }).filter((text) => {
          try {
            validateHeaderValue('x-forwarded-for', text);
            return text.trim() !== '';
          } catch {
            return false;
          }
        }),
        async (forwarded) => {
          const { ip } = await probe(target, '127.0.0.1', { 'x-forwarded-for': forwarded });
          expect(isIP(ip), forwarded).not.toBe(0);
          const last =
            forwarded
              .split(',')
              .at(-1)
              ?.replace(/^[ \t]+|[ \t]+$/g, '') ?? '';
          expect(ip).toBe(isIP(last) ? last : '127.0.0.1');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes https from X-Forwarded-Proto only from a listed proxy (HSTS follows)', async () => {
    const target = await probed('127.0.0.1');
    const direct = await target.inject({
      url: '/pt',
      remoteAddress: '192.0.2.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(await probe(target, '192.0.2.9', { 'x-forwarded-proto': 'https' })).toMatchObject({ protocol: 'http' });
    const proxied = await target.inject({
      url: '/pt',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBeDefined();
  });
});
