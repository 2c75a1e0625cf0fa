import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_POLICY_FILE } from '../../../src/lib/page-policy.ts';
import {
  buildTestApp,
  createFixtureSite,
  INJECTED_SCRIPT,
  INLINE_SCRIPT,
  INLINE_STYLE,
  sha256,
} from './fixture-site.ts';

let app: FastifyInstance;
let cleanup: () => void;

beforeAll(async () => {
  const fixture = createFixtureSite();
  cleanup = fixture.cleanup;
  app = await buildTestApp(fixture);
});

afterAll(async () => {
  await app.close();
  cleanup();
});

/**
 * A visitor's headers and the language they get: the saved choice (a known one), else the
 * browser's first language if the site has it (not the first the site has), else pt.
 */
const VISITOR_LANGUAGES = [
  [{ 'accept-language': 'en-US,en;q=0.9' }, 'en'],
  [{ 'accept-language': 'es-ES,es;q=0.9' }, 'es'],
  [{ 'accept-language': 'es-AR,es;q=0.9' }, 'es'],
  [{ 'accept-language': 'pt-BR' }, 'pt'],
  [{ 'accept-language': 'fr-FR,en;q=0.5' }, 'pt'],
  [{ 'accept-language': 'de-DE,fr;q=0.5' }, 'pt'],
  [{}, 'pt'],
  [{ 'accept-language': 'en', cookie: 'other=1; lang=es' }, 'es'],
  [{ 'accept-language': 'es', cookie: 'lang=pt' }, 'pt'],
  [{ 'accept-language': 'es', cookie: 'lang=xx' }, 'es'],
] as const;

describe('/ goes to the visitor language', () => {
  it.each(VISITOR_LANGUAGES)('%j → /%s', async (headers, lang) => {
    const response = await app.inject({ url: '/', headers });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/${lang}`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });
});

describe('pages', () => {
  it.each([
    ['/pt', 'home pt'],
    ['/en', 'home en'],
    ['/pt/spotify', 'landing pt'],
  ])('serves %s from its HTML file, revalidated', async (url, text) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.body).toContain(text);
  });

  it('sends the brotli, gzip or plain page as the client accepts, each with its own ETag', async () => {
    const br = await app.inject({ url: '/en', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('home en');
    const gzip = await app.inject({ url: '/en', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('home en');
    const plain = await app.inject({ url: '/en', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('home en');
    for (const response of [br, gzip, plain]) expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(new Set([br, gzip, plain].map((response) => response.headers.etag)).size).toBe(3);
  });

  it('answers 304 when the client already has the current page', async () => {
    const first = await app.inject({ url: '/pt', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    const again = await app.inject({ url: '/pt', headers: { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/pt', headers: { 'accept-encoding': 'br', 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/en' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('sends a trailing-slash URL to the canonical one, keeping the query', async () => {
    const response = await app.inject({ url: '/pt/spotify/?utm_source=x' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/pt/spotify?utm_source=x');
  });

  it('does not redirect a POST with a trailing slash (its body would be lost)', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/nothing/', payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
  });

  it('never turns a double slash into an open redirect', async () => {
    const response = await app.inject({ url: '//evil.example/' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/evil.example');
  });
});

describe('/samebloodscocktail, written in each language', () => {
  it.each(VISITOR_LANGUAGES)('%j gets the %s page, at the same URL', async (headers, lang) => {
    const response = await app.inject({ url: '/samebloodscocktail', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`landing in ${lang}`);
    expect(response.headers.location).toBeUndefined();
  });

  it('tells caches that the page depends on the cookie and the languages, and keeps it out of shared caches', async () => {
    for (const headers of [{}, { 'accept-language': 'en' }, { cookie: 'lang=es', 'accept-encoding': 'br' }]) {
      const response = await app.inject({ url: '/samebloodscocktail', headers });
      const vary = String(response.headers.vary)
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .sort();
      expect(vary).toEqual(['accept-encoding', 'accept-language', 'cookie']);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    }
  });

  it('sends each language compressed, with its own ETag; a copy of another language is not current', async () => {
    const inLanguage = async (lang: string) =>
      app.inject({ url: '/samebloodscocktail', headers: { 'accept-encoding': 'br', 'accept-language': lang } });
    const [en, es] = [await inLanguage('en'), await inLanguage('es')];
    expect(en.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(en.rawPayload).toString()).toContain('landing in en');
    expect(en.headers.etag).not.toBe(es.headers.etag);
    const stale = await app.inject({
      url: '/samebloodscocktail',
      headers: { 'accept-encoding': 'br', 'accept-language': 'es', 'if-none-match': en.headers.etag as string },
    });
    expect(stale.statusCode).toBe(200);
    expect(brotliDecompressSync(stale.rawPayload).toString()).toContain('landing in es');
    const current = await app.inject({
      url: '/samebloodscocktail',
      headers: { 'accept-encoding': 'br', 'accept-language': 'en', 'if-none-match': en.headers.etag as string },
    });
    expect(current.statusCode).toBe(304);
  });

  it('answers HEAD like GET', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/samebloodscocktail', headers: { cookie: 'lang=en' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.body).toBe('');
  });

  it('keeps the per-language copies from being pages of their own', async () => {
    const response = await app.inject({ url: '/samebloodscocktail.en' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('landing in en');
  });

  it('leaves the other pages shared and cacheable as before', async () => {
    const response = await app.inject({ url: '/pt/spotify', headers: { cookie: 'lang=en', 'accept-language': 'es' } });
    expect(response.body).toContain('landing pt');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('serves the one page to everyone when the build has no per-language copies', async () => {
    const fixture = createFixtureSite();
    for (const lang of ['pt', 'en', 'es']) rmSync(join(fixture.dir, `samebloodscocktail.${lang}.html`));
    const plain = await buildTestApp(fixture);
    const response = await plain.inject({ url: '/samebloodscocktail', headers: { 'accept-language': 'en' } });
    expect(response.body).toContain('landing');
    expect(response.body).not.toContain('landing in');
    expect(response.headers['cache-control']).toBe('no-cache');
    await plain.close();
    fixture.cleanup();
  });
});

describe('unknown paths', () => {
  it.each(['/nothing', '/pt/unknown', '/fr', '/index'])('redirect %s to /pt', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/pt');
  });

  it.each(['/_astro/missing.js', '/missing.css', '/img/photo.png', '/media/x/y/song.mp3'])(
    'keep a missing asset %s a real 404',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('not found');
    },
  );

  it('never redirects a page to itself when the build lacks its file', async () => {
    const fixture = createFixtureSite();
    rmSync(join(fixture.dir, 'pt.html'));
    const broken = await buildTestApp(fixture);
    const response = await broken.inject({ url: '/pt' });
    expect(response.statusCode).toBe(404);
    await broken.close();
    fixture.cleanup();
  });

  it('answers an unknown API call with JSON, no stack or path', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/nothing', payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
    expect(response.body).not.toMatch(/at .*\.ts|\/work\/|node_modules/);
  });

  it("does not serve dotfiles, the CDN headers file or the build's record of the policy", async () => {
    const env = await app.inject({ url: '/.env' });
    expect(env.statusCode).toBe(404);
    expect(env.body).not.toContain('SECRET');
    const headers = await app.inject({ url: '/_headers' });
    expect(headers.body).not.toContain('X-Internal');
    const policy = await app.inject({ url: `/${PAGE_POLICY_FILE}` });
    expect(policy.statusCode).toBe(404);
    expect(policy.body).not.toContain('sha256');
  });
});

describe('assets', () => {
  it('caches hashed assets for a year and serves the brotli variant', async () => {
    const response = await app.inject({ url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('export const app');
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const app');
  });

  it('caches other public files for a day', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('security headers', () => {
  // The fixture's pages hold one script, one style, and two data blocks (JSON-LD, JSON) that no
  // browser runs and the policy does not name; one page also holds a script the build never
  // declared, as content that escaped its element would write.
  it('sends a CSP allowing exactly the inline scripts and styles the build declared', async () => {
    const csp = (await app.inject({ url: '/pt' })).headers['content-security-policy'] as string;
    const directives = new Map(csp.split(';').map((d) => [d.trim().split(' ')[0], d.trim()]));
    expect(directives.get('script-src')).toBe(`script-src 'self' ${sha256(INLINE_SCRIPT)}`);
    expect(directives.get('style-src')).toBe(`style-src 'self' ${sha256(INLINE_STYLE)}`);
    expect(directives.get('default-src')).toBe("default-src 'self'");
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect((await app.inject({ url: '/pt' })).headers['x-frame-options']).toBe('DENY');
    expect(csp).not.toContain('unsafe-eval');
    const landing = await app.inject({ url: '/pt/spotify' });
    expect(landing.body).toContain(INJECTED_SCRIPT);
    expect(landing.headers['content-security-policy']).toBe(csp);
    expect(csp).not.toContain(sha256(INJECTED_SCRIPT));
  });

  it('sends nosniff and a referrer policy on every response, including redirects and errors', async () => {
    for (const url of ['/pt', '/', '/missing.js', '/healthz']) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends the page policy with HTML only, and a policy that allows nothing with everything else', async () => {
    const pagePolicy = (await app.inject({ url: '/pt' })).headers['content-security-policy'];
    expect((await app.inject({ url: '/missing.js' })).headers['content-type']).toMatch(/^text\/html/);
    expect((await app.inject({ url: '/missing.js' })).headers['content-security-policy']).toBe(pagePolicy);
    for (const url of ['/_astro/app.abc123.js', '/healthz', '/', '/api/nothing']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('sends HSTS only over HTTPS', async () => {
    expect((await app.inject({ url: '/pt' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('health', () => {
  it('reports ok', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});
