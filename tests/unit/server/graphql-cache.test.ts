/**
 * GraphQL answers a shared cache can keep: the player's GET is `public` with a strong ETag, a
 * matching If-None-Match gets 304, and POST answers and errors are `no-store`.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { PLAYLIST_QUERY, playlistPath, PREFLIGHT_HEADER } from '../../../src/lib/playlist-api.ts';
import { buildTestApp, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder, useMediaApp } from './media-fixture.ts';

const CACHEABLE = 'public, max-age=60, stale-while-revalidate=86400';

let site: FixtureSite;
let app: FastifyInstance;

useMediaApp({ GRAPHQL_RATE_LIMIT: '1000000' }, (served) => {
  ({ site, app } = served);
});

const get = (target: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  target.inject({ method: 'GET', url, headers: { [PREFLIGHT_HEADER]: 'Playlist', ...headers } });

describe('GET /graphql', () => {
  it('answers the player’s URL with the tracks, public for a while, with a strong ETag', async () => {
    const response = await get(app, playlistPath('Cocktail Nº2'));
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { playlist: { title: string }[] } }>();
    expect(body.data.playlist.map((track) => track.title)).toEqual(['Segunda Rodada', 'Subúrbio', 'Teclas ao Vento']);
    expect(response.headers['cache-control']).toBe(CACHEABLE);
    expect(response.headers['etag']).toMatch(/^"[\w-]{27}"$/);
    expect(response.headers['set-cookie']).toBeUndefined();
    // Nothing that differs from one client to the next may ride on a shared answer.
    expect(Object.keys(response.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('gives one ETag per request, the same each time, and 304 to a matching If-None-Match', async () => {
    const first = await get(app, playlistPath('Cocktail Nº2'));
    const again = await get(app, playlistPath('Cocktail Nº2'));
    const other = await get(app, playlistPath('Cocktail Nº1'));
    const etag = String(first.headers['etag']);
    expect(again.headers['etag']).toBe(etag);
    expect(other.headers['etag']).not.toBe(etag);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await get(app, playlistPath('Cocktail Nº2'), { 'if-none-match': header });
      expect(revalidated.statusCode, header).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers['etag']).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe(CACHEABLE);
    }
    const stale = await get(app, playlistPath('Cocktail Nº2'), { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers If-None-Match: * with 304 only where the answer would be a cacheable 200', async () => {
    const found = await get(app, playlistPath('Cocktail Nº2'), { 'if-none-match': '*' });
    expect(found.statusCode).toBe(304);
    expect(found.body).toBe('');
    expect(found.headers['cache-control']).toBe(CACHEABLE);
    for (const url of [
      `/graphql?query=${encodeURIComponent(PLAYLIST_QUERY)}`,
      `/graphql?query=${encodeURIComponent('{ nothing }')}`,
      `/graphql?query=${encodeURIComponent('mutation { playlists { name } }')}`,
      `${playlistPath('Singles')}&variables=1`,
      '/graphql',
    ]) {
      const response = await get(app, url, { 'if-none-match': '*' });
      expect(response.statusCode, url).not.toBe(304);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['etag'], url).toBeUndefined();
    }
  });

  it('refuses a GET without the preflight-forcing header even when it names a current ETag', async () => {
    const etag = String((await get(app, playlistPath('Singles'))).headers['etag']);
    const response = await app.inject({
      method: 'GET',
      url: playlistPath('Singles'),
      headers: { 'if-none-match': etag },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers HEAD with the status and caching headers GET gets', async () => {
    const etag = String((await get(app, playlistPath('Singles'))).headers['etag']);
    const caching = ['etag', 'cache-control', 'vary', 'content-type', 'allow'];
    for (const [url, ifNoneMatch] of [
      [playlistPath('Singles'), undefined],
      [playlistPath('Singles'), etag],
      [playlistPath('Singles'), '*'],
      [playlistPath('Singles'), '"stale"'],
      [`/graphql?query=${encodeURIComponent(PLAYLIST_QUERY)}`, '*'],
      [`/graphql?query=${encodeURIComponent('mutation { playlists { name } }')}`, undefined],
    ] as const) {
      const headers: Record<string, string> = ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {};
      const fromGet = await get(app, url, headers);
      const fromHead = await app.inject({
        method: 'HEAD',
        url,
        headers: { [PREFLIGHT_HEADER]: 'Playlist', ...headers },
      });
      const what = `${url} ${String(ifNoneMatch)}`;
      expect(fromHead.statusCode, what).toBe(fromGet.statusCode);
      for (const name of caching) expect(fromHead.headers[name], `${what} ${name}`).toEqual(fromGet.headers[name]);
      expect(fromHead.body, what).toBe('');
    }
  });

  it('changes the ETag when the media index changes', { timeout: 20_000 }, async () => {
    const ownMedia = await createMediaFolder();
    const target = await buildTestApp({ ...site, mediaDir: ownMedia.dir }, {}, { watchMedia: true });
    const etag = async () => String((await get(target, playlistPath('Cocktail Nº2'))).headers['etag']);
    try {
      const before = await etag();
      // Another playlist's file: this answer's body stays the same, the index does not.
      copyFileSync(join(ownMedia.dir, 'TTMM', '01-O Chamado.wav'), join(ownMedia.dir, 'TTMM', '09-Extra.wav'));
      await expect.poll(etag, { timeout: 10_000 }).not.toBe(before);
      const after = await etag();
      const old = await get(target, playlistPath('Cocktail Nº2'), { 'if-none-match': before });
      expect(old.statusCode).toBe(200);
      expect(old.headers['etag']).toBe(after);
    } finally {
      await target.close();
      ownMedia.cleanup();
    }
  });

  it('refuses a GET without the preflight-forcing header (CSRF prevention), not cacheable', async () => {
    const response = await app.inject({ method: 'GET', url: playlistPath('Singles') });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['etag']).toBeUndefined();
  });

  it.each([
    ['a missing name', `/graphql?query=${encodeURIComponent(PLAYLIST_QUERY)}`],
    ['a syntax error', `/graphql?query=${encodeURIComponent('{ playlist(')}`],
    ['an unknown field', `/graphql?query=${encodeURIComponent('{ nothing }')}`],
    ['bad variables', `/graphql?query=${encodeURIComponent(PLAYLIST_QUERY)}&variables=%7Bnot-json`],
  ])('answers %s with no-store and no ETag', async (_case, url) => {
    const response = await get(app, url);
    expect(response.json<{ errors?: unknown[] }>().errors?.length).toBeGreaterThan(0);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['etag']).toBeUndefined();
  });
});

describe('POST /graphql', () => {
  it('answers a POST as the player always had it, never cacheable', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: PLAYLIST_QUERY, variables: { playlistName: 'Cocktail Nº2' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { playlist: unknown[] } }>().data.playlist).toHaveLength(3);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['etag']).toBeUndefined();
  });
});

describe('configuration', () => {
  it('takes the lifetimes from GRAPHQL_CACHE_MAX_AGE and GRAPHQL_CACHE_STALE', async () => {
    const target = await buildTestApp(site, { GRAPHQL_CACHE_MAX_AGE: '5', GRAPHQL_CACHE_STALE: '0' });
    try {
      const response = await get(target, playlistPath('Singles'));
      expect(response.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=0');
    } finally {
      await target.close();
    }
  });

  it('refuses lifetimes that are not whole seconds', () => {
    for (const value of ['-1', '1.5', 'soon']) {
      expect(() => loadConfig({ GRAPHQL_CACHE_MAX_AGE: value }), value).toThrow(/GRAPHQL_CACHE_MAX_AGE/);
      expect(() => loadConfig({ GRAPHQL_CACHE_STALE: value }), value).toThrow(/GRAPHQL_CACHE_STALE/);
    }
  });
});
