/**
 * The contact form's limits as a hostile crowd meets them: every request counts against its
 * address, a few flooding networks cannot close the form for anyone else (in memory and with
 * the counts in Redis), what they send beyond the artist's mail budget is held for a digest
 * instead of one mail each, and the client address comes from X-Forwarded-For only when the
 * peer is a proxy listed in TRUST_PROXY.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../server/services/stores/sqlite-store.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

const ARTIST = 'andre@example.com';
let site: FixtureSite;
let smtp: SmtpPeer;
let app: FastifyInstance | undefined;

const build = async (env: Record<string, string> = {}) => {
  app = await buildTestApp(site, {
    SMTP_URL: smtp.url,
    MAIL_TO: ARTIST,
    OUTBOX_RETRY_BASE_MS: '50',
    OUTBOX_RETRY_MAX_MS: '200',
    ...env,
  });
  return app;
};

beforeEach(async () => {
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
  target.inject({
    method: 'POST',
    url: '/api/send-email',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function stored() {
  const store = openSqliteStore(site.dataDir);
  const messages = await store.list();
  await store.close();
  return messages;
}

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
