/**
 * The reference deployment (deploy/nginx/site.conf) in front of the real server:
 * a real nginx from Debian's package, as `.ci/run` installs it. Playlist GETs and audio are
 * served from its cache, POSTs and errors never are, and the server sees the client address
 * nginx appends.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:http2';
import { connect as netConnect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYLIST_QUERY, playlistPath, PREFLIGHT_HEADER } from '../../../src/lib/playlist-api.ts';
import { MUSIC_ROUTES, UPLOAD_CHUNK_BYTES } from '../../../src/lib/studio-music.ts';
import { freePort } from '../../../perf/harness/engines.ts';
import { SITE_CONF, startNginx, type NginxServer } from '../../../perf/harness/nginx.ts';
import { EVERY_RESPONSE, HSTS, NON_DOCUMENT_CSP } from '../../../server/plugins/security-headers.ts';
import { buildTestApp, createFixtureSite, createStudioBuild, STUDIO_SCRIPT, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder } from './media-fixture.ts';

interface Seen {
  method: string;
  url: string;
  ip: string;
  protocol: string;
  forwardedFor: string | undefined;
}

/** A language's feed, as the build writes it under `feeds/`. */
const FEED = '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>t</title></channel></rss>\n';

/** The port a listening app took. */
const portOf = (listening: FastifyInstance) => (listening.server.address() as AddressInfo).port;

/** `origin` listening on a free loopback port, with nginx configured as in production in front of it. */
async function behindNginx(origin: FastifyInstance): Promise<NginxServer> {
  await origin.listen({ port: 0, host: '127.0.0.1' });
  return startNginx({ originPort: portOf(origin) });
}

let site: FixtureSite;
let studio: ReturnType<typeof createStudioBuild>;
let media: Awaited<ReturnType<typeof createMediaFolder>>;
let app: FastifyInstance;
let nginx: NginxServer;
/** Every request that reached the server. */
const seen: Seen[] = [];

beforeAll(async () => {
  site = createFixtureSite();
  // An embeddable player page, which alone may be framed: nginx must add no X-Frame-Options.
  mkdirSync(join(site.dir, 'embed'));
  writeFileSync(join(site.dir, 'embed', 'first-ep.html'), '<!doctype html><title>embed</title>');
  mkdirSync(join(site.dir, 'feeds'));
  writeFileSync(join(site.dir, 'feeds', 'pt.rss'), FEED);
  media = await createMediaFolder();
  studio = createStudioBuild();
  app = await buildTestApp({ ...site, mediaDir: media.dir }, { TRUST_PROXY: 'true', STUDIO_DIR: studio.dir });
  app.addHook('onRequest', async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      ip: request.ip,
      protocol: request.protocol,
      forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
    });
  });
  nginx = await behindNginx(app);
}, 30_000);
afterAll(async () => {
  await nginx.close();
  await app.close();
  site.cleanup();
  studio.cleanup();
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

  it('passes the studio, page and API, to the server every time, never cached', async () => {
    for (const path of ['/studio', '/studio/', '/studio/api/auth/session']) {
      const before = reachedServer(path);
      for (let n = 0; n < 2; n += 1) {
        const response = await fetch(`${nginx.url}${path}`);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
        expect(response.headers.get('x-cache-status')).toBeNull();
      }
      // The counting hook, added once the app was built, does not reach the API's nested scope.
      if (!path.includes('/api/')) expect(reachedServer(path) - before).toBe(2);
    }
  });

  it('passes the studio’s scripts on compressed as the server sent them, kept by the browser and never by nginx', async () => {
    const path = '/studio/assets/main-abc.js';
    const before = reachedServer(path);
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${nginx.url}${path}`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes the body it was sent.
      expect(await response.text()).toBe(STUDIO_SCRIPT);
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(response.headers.get('x-cache-status')).toBeNull();
    }
    expect(reachedServer(path) - before).toBe(2);
  });

  it('passes an upload chunk of the studio on to the server, and refuses one far larger itself', async () => {
    const patch = (bytes: number) =>
      fetch(`${nginx.url}${MUSIC_ROUTES.uploads}/some-upload`, {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      });
    // The server's own refusal (not from the studio): the chunk was not stopped by nginx's body limit.
    const chunk = await patch(UPLOAD_CHUNK_BYTES);
    expect(chunk.status).toBe(403);
    expect(await chunk.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
    expect((await patch(4 * UPLOAD_CHUNK_BYTES)).status).toBe(413);
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

  it('passes a feed on as RSS, revalidated', async () => {
    const response = await fetch(`${nginx.url}/feeds/pt.rss`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(FEED);
  });
});

describe('the same file over TLS, as the benchmark runs it', () => {
  it('answers over HTTP/2 on a self-signed certificate, with what the server sent', async () => {
    const tls = await startNginx({ originPort: portOf(app), tls: true });
    const session = connect(tls.url, { rejectUnauthorized: false });
    try {
      const request = (method: string, path: string) =>
        new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
          const stream = session.request({ ':method': method, ':path': path });
          let headers: IncomingHttpHeaders = {};
          let body = '';
          stream.setEncoding('utf8');
          stream.on('response', (received) => (headers = received));
          stream.on('data', (chunk: string) => (body += chunk));
          stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
          stream.on('error', reject);
        });
      const page = await request('GET', '/pt');
      expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(page.status).toBe(200);
      expect(page.body).toBe(readFileSync(join(site.dir, 'pt.html'), 'utf8'));
      // HSTS once: the server's (it heard https from nginx) on its answers, nginx's on its own.
      expect(page.headers['strict-transport-security']).toBe(HSTS);
      const own = await request('TRACE', '/pt');
      expect(own.status).toBe(405);
      expect(own.headers['strict-transport-security']).toBe(HSTS);
      expect(own.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      session.close();
      await tls.close();
    }
  });
});

/** Every security header the server sends on an answer that is not a page, with its value. */
const OWN_ANSWER_HEADERS: Record<string, string> = {
  ...EVERY_RESPONSE,
  'content-security-policy': NON_DOCUMENT_CSP,
};

/** Writes a request exactly as given to `port` and reads the answer's head. */
function rawHead(port: number, request: string): Promise<{ status: number; headers: Map<string, string[]> }> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      if (end === -1) return;
      // nginx may wait for a body it refused (lingering close): the head is all that is read.
      socket.destroy();
      const [statusLine = '', ...lines] = data.slice(0, end).split('\r\n');
      const headers = new Map<string, string[]>();
      for (const line of lines) {
        const at = line.indexOf(':');
        const name = line.slice(0, at).toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(at + 1).trim()]);
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(statusLine)?.[1]), headers });
    });
    socket.on('error', reject);
  });
}

/** Each security header once, with the server's value, and no nginx version. */
function expectOwnAnswerHeaders(headers: Map<string, string[]>, what: string) {
  for (const [name, value] of Object.entries(OWN_ANSWER_HEADERS))
    expect(headers.get(name), `${what}: ${name}`).toEqual([value]);
  expect(headers.get('server'), what).toEqual(['nginx']);
  // Plain HTTP: no HSTS, as the server sends none either.
  expect(headers.get('strict-transport-security'), what).toBeUndefined();
}

describe('nginx’s own answers', () => {
  it.each([
    [
      '413, a body over client_max_body_size',
      413,
      `POST /api/send-email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n`,
    ],
    [
      '414, a URI over its buffers',
      414,
      `GET /pt?${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ],
    ['400, two Host headers', 400, 'GET /pt HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n'],
    ['400, not HTTP', 400, 'GARBAGE\r\n\r\n'],
    ['405, TRACE', 405, 'TRACE /pt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
  ])('%s: carries the security headers, once, and no version', async (what, status, request) => {
    const answer = await rawHead(nginx.port, request);
    expect(answer.status, what).toBe(status);
    expectOwnAnswerHeaders(answer.headers, what);
  });

  it('502, the server down: carries the security headers, once, and no version', async () => {
    const dead = await startNginx({ originPort: await freePort() });
    try {
      const answer = await rawHead(dead.port, 'GET /pt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(answer.status).toBe(502);
      expectOwnAnswerHeaders(answer.headers, '502');
    } finally {
      await dead.close();
    }
  });

  it('adds nothing to what the server sent: a page’s policy, the audio’s cross-origin one, each once', async () => {
    const origin = `http://127.0.0.1:${String(portOf(app))}`;
    const tracks = (await (await getPlaylist(playlistPath('TTMM'))).json()) as {
      data: { playlist: { url: string }[] };
    };
    for (const path of [
      '/pt',
      '/embed/first-ep',
      '/healthz',
      tracks.data.playlist[0]?.url ?? '',
      playlistPath('Singles'),
      '/no-such.js',
    ]) {
      const headers = { [PREFLIGHT_HEADER]: 'Playlist' };
      const direct = await fetch(`${origin}${path}`, { headers });
      const proxied = await rawHead(
        nginx.port,
        `GET ${path} HTTP/1.1\r\nHost: x\r\n${PREFLIGHT_HEADER}: Playlist\r\nConnection: close\r\n\r\n`,
      );
      for (const name of [...Object.keys(OWN_ANSWER_HEADERS), 'strict-transport-security']) {
        const sent = direct.headers.get(name);
        expect(proxied.headers.get(name), `${path}: ${name}`).toEqual(sent === null ? undefined : [sent]);
      }
    }
  });

  it('are written with the values the server sends (the conf holds them literally)', () => {
    const conf = readFileSync(SITE_CONF, 'utf8');
    // map $sent_http_<header> $own_<header> { "" "<value>"; ... } (HSTS: "on", over HTTPS only).
    // A value may be a variable of its own map by path (`$frame_refusal`): its default is the value.
    const maps = [
      ...conf.matchAll(/map (?:\$https)?\$sent_http_(\w+) \$own_\1 \{\s*"(?:on)?" (?:"([^"]*)"|'([^']*)'|\$(\w+));/g),
    ];
    const byPath = (variable: string) =>
      new RegExp(`map \\$uri \\$${variable} \\{[^}]*default "([^"]*)";`).exec(conf)?.[1];
    const values = Object.fromEntries(
      maps.map(([, name = '', double, single, variable]) => [
        name.replaceAll('_', '-'),
        double ?? single ?? byPath(variable ?? ''),
      ]),
    );
    expect(values).toEqual({ ...OWN_ANSWER_HEADERS, 'strict-transport-security': HSTS });
    for (const name of Object.keys(values)) {
      expect(conf, name).toMatch(new RegExp(`add_header ${name} \\$own_${name.replaceAll('-', '_')} always;`, 'i'));
    }
    // An add_header in a location would drop the server-level ones there: the site's server and
    // the studio's own host each carry them all, the site's also its cache status, and no more.
    expect(conf.match(/^\s*add_header/gm)).toHaveLength(2 * Object.keys(values).length + 1);
  });
});

describe('the port-80 redirect', () => {
  it('sends every Host to the site’s own name over HTTPS, path and query kept', async () => {
    const withRedirect = await startNginx({ originPort: portOf(app), redirect: true });
    try {
      const port = Number(new URL(withRedirect.redirectUrl ?? '').port);
      for (const host of ['evil.example', 'andremourapassos.com', 'www.andremourapassos.com']) {
        const answer = await rawHead(port, `GET /pt/x?a=1?b HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expect(answer.status, host).toBe(301);
        expect(answer.headers.get('location'), host).toEqual(['https://andremourapassos.com/pt/x?a=1?b']);
        expect(answer.headers.get('server'), host).toEqual(['nginx']);
      }
    } finally {
      await withRedirect.close();
    }
  });
});

describe('the studio on a host of its own', () => {
  // The site and the studio beside it, as PUBLIC_ORIGIN and STUDIO_ORIGIN name them.
  const siteOrigin = 'https://andremourapassos.com';
  const studioOrigin = 'https://studio.andremourapassos.com';
  let separate: FastifyInstance;
  let proxy: NginxServer;

  beforeAll(async () => {
    separate = await buildTestApp(site, {
      TRUST_PROXY: 'true',
      STUDIO_ORIGIN: studioOrigin,
      PUBLIC_ORIGIN: siteOrigin,
    });
    proxy = await behindNginx(separate);
  }, 30_000);
  afterAll(async () => {
    await proxy.close();
    await separate.close();
  });

  /** A GET through nginx to `host` (fetch may not set Host). */
  const getAt = (host: string, path: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const request = httpRequest(`${proxy.url}${path}`, { headers: { host } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
      });
      request.on('error', reject);
      request.end();
    });

  it('serves the studio on its host, never cached, and sends everything else to the site', async () => {
    const studioHost = new URL(studioOrigin).host;
    for (let n = 0; n < 2; n += 1) {
      const page = await getAt(studioHost, '/studio');
      expect(page.status).not.toBe(308);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['x-cache-status']).toBeUndefined();
    }
    const publicPage = await getAt(studioHost, '/pt');
    expect(publicPage.status).toBe(308);
    expect(publicPage.headers.location).toBe(`${siteOrigin}/pt`);
  });

  it('keeps the studio off the site’s host', async () => {
    const siteHost = new URL(siteOrigin).host;
    const page = await getAt(siteHost, '/studio');
    expect(page.status).toBe(308);
    expect(page.headers.location).toBe(`${studioOrigin}/studio`);
    expect((await getAt(siteHost, '/studio/api/auth/session')).status).toBe(404);
    expect((await getAt(siteHost, '/pt')).status).toBe(200);
  });
});
