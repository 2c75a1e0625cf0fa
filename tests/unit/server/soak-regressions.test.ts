/**
 * Failures `npm run soak` found, each kept fixed here through the real app: an unusable data
 * folder, audio files changed behind the index's back (one of them cut short while it
 * streams), URLs that cannot be decoded, a made-up X-Forwarded-For dodging the rate limit,
 * and a client sending its body too slowly.
 */
import { appendFileSync, mkdirSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw, statusOf } from '../../../perf/soak/http.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder } from './media-fixture.ts';

let site: FixtureSite;
let app: FastifyInstance | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const fixture = () => {
  site = createFixtureSite();
  cleanups.push(site.cleanup);
  return site;
};

const valid = { name: 'Maria Silva', email: 'maria@example.org', message: 'Adorei o EP!', lang: 'pt' };
const post = (instance: FastifyInstance, payload: object, headers: Record<string, string> = {}) =>
  instance.inject({
    method: 'POST',
    url: '/api/send-email',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });

describe('an unusable data folder', () => {
  it('does not stop the server: pages and music work, contact says 503, and comes back by itself', async () => {
    const { dir, mediaDir } = fixture();
    // A file where the folder should be: unusable even for root, who ignores permissions.
    const blocker = join(site.dataDir, 'blocked');
    writeFileSync(blocker, '');
    app = await buildTestApp({ dir, mediaDir, dataDir: join(blocker, 'data') });

    expect((await app.inject('/pt')).statusCode).toBe(200);
    const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ playlists { name } }' } });
    expect(graphql.statusCode).toBe(200);
    const refused = await post(app, valid);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      success: false,
      message: 'We could not store your message right now. Please try again in a few minutes.',
    });
    expect(refused.body).not.toContain(site.dataDir);

    unlinkSync(blocker);
    mkdirSync(blocker);
    const accepted = await post(app, valid);
    expect(accepted.statusCode).toBe(202);
  });
});

describe('audio files changed behind the index', () => {
  it('answers 404 JSON, not 500, for a removed or emptied file and its cover', async () => {
    const media = await createMediaFolder();
    cleanups.push(media.cleanup);
    const { dir, dataDir } = fixture();
    app = await buildTestApp({ dir, mediaDir: media.dir, dataDir });
    const removed = '/media/Singles/01-Estranho.wav';
    unlinkSync(join(media.dir, 'Singles', '01-Estranho.wav'));
    truncateSync(join(media.dir, 'TTMM', '01-O Chamado.wav'), 0);

    for (const url of [removed, '/media-covers/Singles/01-Estranho.wav', '/media-covers/TTMM/01-O%20Chamado.wav']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'Not Found', message: 'There is no such track.' });
    }
    const ranged = await app.inject({ url: removed, headers: { range: 'bytes=0-10' } });
    expect(ranged.statusCode).toBe(404);
    expect((await app.inject('/media/Singles/02-Ponto%20de%20%C3%94nibus.wav')).statusCode).toBe(200);
  });
});

describe('an audio file cut short while it streams', () => {
  it('closes the connection at once instead of leaving the download waiting', { timeout: 15_000 }, async () => {
    const media = await createMediaFolder();
    cleanups.push(media.cleanup);
    // Large enough to be still streaming when it is cut: the tags and format stay valid.
    const file = join(media.dir, 'Singles', '01-Estranho.wav');
    appendFileSync(file, Buffer.alloc(8_000_000));
    const { dir, dataDir } = fixture();
    app = await buildTestApp({ dir, mediaDir: media.dir, dataDir });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    const response = await fetch(`${url}/media/Singles/01-Estranho.wav`);
    expect(response.status).toBe(200);
    const body = response.body;
    if (!body) throw new Error('no body');
    const reader = body.getReader();
    await reader.read();
    truncateSync(file, 1_000_000);
    const drained = (async () => {
      for (;;) if ((await reader.read()).done) return 'ended';
    })().catch(() => 'failed');
    // Without the fix the download hangs until the keep-alive timeout, over a minute.
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000));
    expect(await Promise.race([drained, waited])).toBe('failed');
  });
});

describe('a URL that cannot be decoded', () => {
  it('gets 400 JSON with the security headers, without echoing the URL', async () => {
    app = await buildTestApp(fixture());
    const response = await app.inject('/media/%E0%A4%A/x?v=1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: 'The URL is not valid.' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('limits the address the proxy appended, whatever the client wrote before it', async () => {
    app = await buildTestApp(fixture(), { TRUST_PROXY: 'true' });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await post(
        app,
        { ...valid, message: `Mensagem ${n}` },
        { 'x-forwarded-for': `10.0.0.${n}, 203.0.113.7` },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Another real address still gets through.
    expect((await post(app, valid, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(202);
  });
});

describe('a slow client', () => {
  it('is cut off with 408 when its body takes longer than REQUEST_TIMEOUT_MS', { timeout: 10_000 }, async () => {
    app = await buildTestApp(fixture(), { REQUEST_TIMEOUT_MS: '1000' });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const head =
      'POST /api/send-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{';
    const result = await sendRaw(url, [head, ...Array.from({ length: 20 }, () => ' ')], 250, 6_000);
    expect(result.closedByServer).toBe(true);
    expect(statusOf(result.raw)).toBe(408);
    expect(result.ms).toBeLessThan(3_000);
  });
});

// Keep the fixture's data folder writable for the cleanup, whatever a test left in it.
afterEach(() => rmSync(join(site.dataDir, 'blocked'), { recursive: true, force: true }));
