/**
 * The reference deployment (deploy/nginx/site.conf) in front of the real server (issue 14):
 * a real nginx from Debian's package, as `.ci/run` installs it. Playlist GETs and audio are
 * served from its cache, POSTs and errors never are, and the server sees the client address
 * nginx appends.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_QUERY, playlistPath, PREFLIGHT_HEADER } from '../../../src/lib/playlist-api.ts';
import { startNginx, type NginxServer } from '../../../perf/harness/nginx.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder } from './media-fixture.ts';

interface Seen {
  method: string;
  url: string;
  ip: string;
  protocol: string;
  forwardedFor: string | undefined;
}

let site: FixtureSite;
let media: Awaited<ReturnType<typeof createMediaFolder>>;
let app: FastifyInstance;
let nginx: NginxServer;
/** Every request that reached the server. */
const seen: Seen[] = [];

beforeAll(async () => {
  site = createFixtureSite();
  media = await createMediaFolder();
  app = await buildTestApp({ ...site, mediaDir: media.dir }, { TRUST_PROXY: 'true' });
  app.addHook('onRequest', async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      ip: request.ip,
      protocol: request.protocol,
      forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  nginx = await startNginx({ originPort: (app.server.address() as AddressInfo).port });
}, 30_000);
afterAll(async () => {
  await nginx.close();
  await app.close();
  site.cleanup();
  media.cleanup();
});

const reachedServer = (url: string, method = 'GET') =>
  seen.filter((request) => request.url === url && request.method === method).length;

const getPlaylist = (path: string) =>
  fetch(`${nginx.url}${path}`, { headers: { [PREFLIGHT_HEADER]: 'Playlist', accept: 'application/json' } });

describe('nginx in front of the server', () => {
  it('serves a second playlist GET from its cache', async () => {
    const path = playlistPath('Cocktail Nº1');
    const first = await getPlaylist(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const body = await first.text();
    const second = await getPlaylist(path);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=60/);
    expect(reachedServer(path)).toBe(1);
  });

  it('passes every POST on, never cached', async () => {
    const post = () =>
      fetch(`${nginx.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: PLAYLIST_QUERY, variables: { playlistName: 'Singles' } }),
      });
    const before = reachedServer('/graphql', 'POST');
    for (let n = 0; n < 3; n += 1) {
      const response = await post();
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-cache-status')).not.toBe('HIT');
    }
    expect(reachedServer('/graphql', 'POST') - before).toBe(3);
  });

  it('never keeps an error', async () => {
    const path = `/graphql?query=${encodeURIComponent(PLAYLIST_QUERY)}`;
    for (let n = 0; n < 3; n += 1) {
      const response = await getPlaylist(path);
      expect((await response.json()) as { errors?: unknown[] }).toHaveProperty('errors');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(reachedServer(path)).toBe(3);
    const refused = `/graphql?query=${encodeURIComponent('{ playlists { name } }')}`;
    for (let n = 0; n < 2; n += 1) expect((await fetch(`${nginx.url}${refused}`)).status).toBe(400);
    expect(reachedServer(refused)).toBe(2);
  });

  it('passes the client address on in X-Forwarded-For; the server trusts only what nginx appended', async () => {
    const response = await fetch(`${nginx.url}/healthz`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.status).toBe(200);
    const request = seen.findLast((entry) => entry.url === '/healthz');
    expect(request?.forwardedFor).toBe('203.0.113.9, 127.0.0.1');
    expect(request?.ip).toBe('127.0.0.1');
    expect(request?.protocol).toBe('http');
  });

  it('answers audio Range requests correctly, from cached slices the second time', async () => {
    const tracks = (await (await getPlaylist(playlistPath('TTMM'))).json()) as {
      data: { playlist: { url: string }[] };
    };
    const url = tracks.data.playlist[0]?.url ?? '';
    expect(url).toMatch(/^\/media\/TTMM\/.+\?v=/);
    const file = readFileSync(
      join(media.dir, 'TTMM', decodeURIComponent(url.slice('/media/TTMM/'.length).split('?')[0] ?? '')),
    );

    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-2047', 1000, 2047],
      [`bytes=-10`, file.length - 10, file.length - 1],
      ['bytes=1000-2047', 1000, 2047],
    ] as const) {
      const response = await fetch(`${nginx.url}${url}`, { headers: { range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${file.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(file.subarray(start, end + 1)), range).toBe(true);
    }
    const whole = await fetch(`${nginx.url}${url}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
    // The demo files are smaller than one slice: the server was asked once.
    expect(seen.filter((request) => request.url === url).length).toBe(1);
    expect((await nginx.log()).filter((line) => line.uri === url && line.reachedOrigin)).toHaveLength(1);
  });

  it('keeps pages briefly, but never a private one', async () => {
    for (let n = 0; n < 3; n += 1) expect((await fetch(`${nginx.url}/pt`)).status).toBe(200);
    expect(reachedServer('/pt')).toBe(1);
    for (let n = 0; n < 2; n += 1) {
      const response = await fetch(`${nginx.url}/samebloodscocktail`, { headers: { 'accept-language': 'es' } });
      expect(response.headers.get('cache-control')).toMatch(/private/);
    }
    expect(reachedServer('/samebloodscocktail')).toBe(2);
  });
});

describe('the same file over TLS, as the benchmark runs it', () => {
  it('answers over HTTP/2 on a self-signed certificate, with what the server sent', async () => {
    const tls = await startNginx({ originPort: (app.server.address() as AddressInfo).port, tls: true });
    const session = connect(tls.url, { rejectUnauthorized: false });
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/pt' });
        let status = 0;
        let body = '';
        stream.setEncoding('utf8');
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
      expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(status).toBe(200);
      expect(body).toBe(readFileSync(join(site.dir, 'pt.html'), 'utf8'));
    } finally {
      session.close();
      await tls.close();
    }
  });
});
