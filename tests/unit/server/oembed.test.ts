/**
 * oEmbed through the real app: release and track URLs of the site in any language and form get
 * the rich answer; anything else a fixed JSON refusal that never echoes the input. And the
 * embed pages alone may be framed by another site.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_MANIFEST_FILE, EMBED_SIZES, type EmbedManifest } from '../../../src/lib/embeds.ts';
import { manifestOf } from '../../../server/services/site/oembed.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

const SITE = 'https://example.test';
const MANIFEST: EmbedManifest = {
  siteUrl: SITE,
  author: 'The Band',
  provider: 'The Artist',
  releases: {
    'first-ep': { title: 'First EP', thumbnail: '/cards/first-ep.jpg', tracks: { 'song-one': 'Song One' } },
  },
};

let fixture: FixtureSite;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = createFixtureSite();
  writeFileSync(join(fixture.dir, EMBED_MANIFEST_FILE), JSON.stringify(MANIFEST));
  mkdirSync(join(fixture.dir, 'embed', 'first-ep'), { recursive: true });
  const page = '<!doctype html><html lang="pt-BR"><head><title>embed</title></head><body>embed</body></html>';
  writeFileSync(join(fixture.dir, 'embed', 'first-ep.html'), page);
  writeFileSync(join(fixture.dir, 'embed', 'first-ep', 'song-one.html'), page);
  app = await buildTestApp(fixture);
});

afterAll(async () => {
  await app.close();
  fixture.cleanup();
});

const ask = (query: Record<string, string>) => app.inject({ method: 'GET', url: '/oembed', query });

describe('GET /oembed', () => {
  it.each([
    `${SITE}/pt/music/first-ep`,
    `${SITE}/en/music/first-ep/`,
    'http://example.test/es/music/first-ep',
    `${SITE}/pt/music/first-ep?utm_source=x#top`,
  ])('answers the release page %s with the rich type and the player in its iframe', async (url) => {
    const answer = await ask({ url, format: 'json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const body = answer.json<Record<string, unknown>>();
    const lang = new URL(url).pathname.split('/')[1];
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: 'First EP',
      author_name: 'The Band',
      provider_name: 'The Artist',
      provider_url: `${SITE}/`,
      thumbnail_url: `${SITE}/cards/first-ep.jpg`,
      width: EMBED_SIZES.release.width,
      height: EMBED_SIZES.release.height,
    });
    expect(body['html']).toBe(
      `<iframe src="${SITE}/embed/first-ep?lang=${lang}" width="480" height="420" title="First EP"` +
        ' style="border:0" loading="lazy" allow="autoplay"></iframe>',
    );
  });

  it('answers a track page with that track, and a low maxheight with the one-row player', async () => {
    const track = (await ask({ url: `${SITE}/en/music/first-ep/song-one` })).json<Record<string, unknown>>();
    expect(track['title']).toBe('Song One');
    expect(track['html']).toContain(`src="${SITE}/embed/first-ep/song-one?lang=en"`);
    const compact = (await ask({ url: `${SITE}/en/music/first-ep`, maxheight: '100', maxwidth: '300' })).json<
      Record<string, unknown>
    >();
    expect(compact).toMatchObject({ width: 300, height: EMBED_SIZES.compact.height });
    expect(compact['html']).toContain('compact=1');
  });

  it.each([
    ['an unknown release', `${SITE}/pt/music/nothing`],
    ['an unknown track', `${SITE}/pt/music/first-ep/nothing`],
    ['another host', 'https://evil.example/pt/music/first-ep'],
    ['a look-alike host', 'https://example.test.evil.example/pt/music/first-ep'],
    ['another port', 'https://example.test:8443/pt/music/first-ep'],
    ['credentials', 'https://user:pw@example.test/pt/music/first-ep'],
    ['another scheme', 'ftp://example.test/pt/music/first-ep'],
    ['another page', `${SITE}/pt`],
    ['a language the site lacks', `${SITE}/de/music/first-ep`],
    ['a malformed URL', 'not a url'],
    ['a prototype key', `${SITE}/pt/music/constructor`],
  ])('refuses %s with a 404 in fixed words', async (_name, url) => {
    const answer = await ask({ url, format: 'json' });
    expect(answer.statusCode).toBe(404);
    const body = answer.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body['error']).toBe('Not Found');
    expect(answer.body).not.toContain('evil');
  });

  it('refuses a missing url (404) and any format but json (501), as JSON', async () => {
    expect((await ask({})).statusCode).toBe(404);
    const xml = await ask({ url: `${SITE}/pt/music/first-ep`, format: 'xml' });
    expect(xml.statusCode).toBe(501);
    expect(xml.json()).toMatchObject({ error: 'Not Implemented' });
  });

  it('never echoes what it was asked about (arbitrary Unicode)', async () => {
    const refusals = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1 }),
        fc.constantFrom('json', 'xml', ''),
        async (url, format) => {
          const answer = await app.inject({
            method: 'GET',
            url: `/oembed?url=${encodeURIComponent(url)}&format=${format}&url2=${encodeURIComponent(url)}`,
          });
          expect([404, 501]).toContain(answer.statusCode);
          expect(answer.headers['content-type']).toMatch(/^application\/json/);
          refusals.add(answer.body);
        },
      ),
      { numRuns: 200 },
    );
    // One fixed body per refusal: nothing of the input ever reaches it.
    expect(refusals.size).toBeLessThanOrEqual(2);
  });
});

describe('framing', () => {
  it('lets any site frame the embed pages', async () => {
    for (const url of ['/embed/first-ep', '/embed/first-ep/song-one']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-frame-options']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toMatch(/(?:^|; )frame-ancestors \*(?:;|$)/);
      expect(answer.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('keeps every other page and file refusing frames', async () => {
    for (const url of ['/pt', '/pt/spotify', '/samebloodscocktail', '/oembed', '/embeds.json', '/nothing/embed/x']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});

describe('the manifest', () => {
  it('is read from each build folder served, so a publish brings its own releases', async () => {
    const folder = () => mkdtempSync(join(tmpdir(), 'oembed-build-'));
    const [before, after, empty] = [folder(), folder(), folder()];
    try {
      const next = { ...MANIFEST, releases: { ...MANIFEST.releases, 'new-single': MANIFEST.releases['first-ep'] } };
      writeFileSync(join(before, EMBED_MANIFEST_FILE), JSON.stringify(MANIFEST));
      writeFileSync(join(after, EMBED_MANIFEST_FILE), JSON.stringify(next));
      expect(Object.keys((await manifestOf(before))?.releases ?? {})).toEqual(['first-ep']);
      expect(Object.keys((await manifestOf(after))?.releases ?? {})).toEqual(['first-ep', 'new-single']);
      // A build made before the embeds existed has none: every URL is then a 404.
      expect(await manifestOf(empty)).toBeNull();
    } finally {
      for (const dir of [before, after, empty]) rmSync(dir, { recursive: true, force: true });
    }
  });
});
