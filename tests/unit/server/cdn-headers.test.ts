/**
 * The CDN's `_headers` file and the server say the same: for a page, a hashed asset and a
 * plain file of the real build, every header the file gives is the one the server sends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../budgets/built-site.ts';
import { useBuiltSiteApp } from './fixture-site.ts';

/** `_headers` as Cloudflare Pages reads it: every matching rule applies, in order. */
function cdnHeaders(file: string, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const block of file.split(/\n(?=\/)/)) {
    const [pattern = '', ...lines] = block.trim().split('\n');
    const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
    if (!regex.test(path)) continue;
    for (const line of lines) {
      // `! Name` (Cloudflare Pages) drops what a broader rule set.
      const dropped = /^\s*!\s*(\S+)$/.exec(line)?.[1];
      if (dropped) {
        Reflect.deleteProperty(headers, dropped.toLowerCase());
        continue;
      }
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      // A header set by two matching rules is joined, as those hosts do: the test catches it.
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
  }
  return headers;
}

let app: FastifyInstance;
let file: string;

useBuiltSiteApp((built) => {
  app = built;
  file = readFileSync(join(DIST_DIR, '_headers'), 'utf8');
});

const firstFile = (folder: string, extension: string) =>
  `/${folder}/${readdirSync(join(DIST_DIR, folder)).find((name) => name.endsWith(extension)) ?? ''}`;

/** The build's one file whose name matches, at its URL. */
const builtFile = (name: RegExp) => `/${readdirSync(DIST_DIR).find((entry) => name.test(entry)) ?? ''}`;

describe('the CDN headers file', () => {
  // `/` is not compared: the server redirects it by language itself, the CDN serves its page.
  it.each(['/pt', '/en/spotify', '/es/music/cocktail-n1', '/pt.html', '/embed/cocktail-n1'])(
    'gives page %s the server’s security headers, CSP and caching',
    async (path) => {
      const served = await app.inject({ url: path });
      const cdn = cdnHeaders(file, path);
      expect(Object.keys(cdn)).toEqual(
        expect.arrayContaining(['content-security-policy', 'cache-control', 'cross-origin-opener-policy']),
      );
      for (const [name, value] of Object.entries(cdn))
        expect(`${name}: ${String(served.headers[name])}`).toBe(`${name}: ${value}`);
      // Neither lets another site frame a page but the embeddable player's.
      expect(cdn['x-frame-options']).toBe(served.headers['x-frame-options']);
    },
  );

  // Named by their content's version (src/data/content-version.ts): a new content is a new URL.
  it.each([/^icons\.[0-9a-f]{10}\.svg$/, /^poems\.[0-9a-f]{10}\.json$/])(
    'caches the versioned file %s for a year, as the server does',
    async (name) => {
      const path = builtFile(name);
      const served = await app.inject({ url: path, headers: { 'accept-encoding': 'br' } });
      expect(served.statusCode, path).toBe(200);
      expect(served.headers['content-encoding'], path).toBe('br');
      expect(served.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(cdnHeaders(file, path)['cache-control'], path).toBe(served.headers['cache-control']);
    },
  );

  it('caches hashed assets, folders and plain files as the server does', async () => {
    const paths = [
      firstFile('_astro', '.js'),
      firstFile('cards', '.jpg'),
      // A folder of versioned files: the videos' thumbnails.
      firstFile('thumbs', '.webp'),
      '/favicon.svg',
      '/favicon.ico',
      '/robots.txt',
      '/og-image.png',
    ];
    for (const path of paths) {
      const served = await app.inject({ url: path });
      expect(served.statusCode, path).toBe(200);
      const cdn = cdnHeaders(file, path);
      expect(cdn['cache-control'], path).toBe(served.headers['cache-control']);
      for (const name of [
        'x-content-type-options',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'permissions-policy',
      ]) {
        expect(cdn[name], `${path} ${name}`).toBe(served.headers[name]);
      }
    }
  });
});
