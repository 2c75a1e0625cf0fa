/**
 * Writes `dist/_headers`, the headers file Netlify and Cloudflare Pages read, so the static pages
 * get the same security and caching headers on a CDN as from our server.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVERY_RESPONSE, FRAMABLE_PAGE } from '../server/plugins/security-headers.ts';
import { IMMUTABLE, REVALIDATE, staticCacheControl } from '../server/services/http/cache-control.ts';
import { cspDirectives, cspHeader, framableByAnySite } from '../server/services/site/csp.ts';
import { EMBED_PREFIX } from '../src/lib/embeds.ts';
import { PAGE_POLICY_FILE } from '../src/lib/page-policy.ts';
import { scanSitePages } from '../server/services/site/site-pages.ts';

const distDir = process.argv[2] ?? 'dist';
const site = await scanSitePages(distDir);
const apiBase = process.env['PUBLIC_API_BASE'];
const csp = cspHeader(cspDirectives({ ...site, apiOrigin: apiBase ? new URL(apiBase).origin : null }));

/** `X-Content-Type-Options` for `x-content-type-options`: how such files are usually written. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());

/** A path's block: the headers it first drops (`! Name`, set by a broader rule), then those it sets. */
const rule = (path: string, headers: Record<string, string>, drop: readonly string[] = []) =>
  `${path}\n${[
    ...drop.map((name) => `  ! ${headerName(name)}`),
    ...Object.entries(headers).map(([name, value]) => `  ${headerName(name)}: ${value}`),
  ].join('\n')}\n`;

// Those hosts apply every rule whose path matches and join a header's values set twice, so `/*`
// carries only the security headers and each file gets its Cache-Control from exactly one rule.
const rules = [rule('/*', { 'content-security-policy': csp, ...EVERY_RESPONSE })];
// The embeddable player's pages alone may be framed by any site: they drop (Cloudflare Pages'
// `! Name`) what `/*` set and set the framable policy in its place.
const framable = { 'content-security-policy': framableByAnySite(csp), ...FRAMABLE_PAGE.headers };
rules.push(rule(`${EMBED_PREFIX}/*`, framable, [FRAMABLE_PAGE.without, ...Object.keys(framable)]));
// Pages at their clean URLs (`/`, `/pt`, `/pt/spotify`), and as files.
rules.push(rule('/', { 'cache-control': REVALIDATE }));
for (const path of new Set([...site.pages.keys(), ...site.variants.keys()]))
  rules.push(rule(path, { 'cache-control': REVALIDATE }));
rules.push(rule('/*.html', { 'cache-control': REVALIDATE }));
rules.push(rule('/_astro/*', { 'cache-control': IMMUTABLE }));
// Every other top-level file, and folders that hold more than pages, as the server caches them.
for (const entry of await readdir(distDir, { withFileTypes: true })) {
  if (['_astro', '_headers', PAGE_POLICY_FILE].includes(entry.name) || /\.html(?:\.br|\.gz)?$/.test(entry.name))
    continue;
  if (entry.isDirectory()) {
    const files = await readdir(join(distDir, entry.name), { recursive: true });
    if (files.every((name) => /\.html(?:\.br|\.gz)?$/.test(name) || !name.includes('.'))) continue;
    // A folder of versioned files only (the videos' thumbnails) is cached as they are, for good.
    const versioned = files.every((name) => staticCacheControl(`/${entry.name}/${name}`) === IMMUTABLE);
    const cacheControl = versioned ? IMMUTABLE : staticCacheControl(`/${entry.name}/x`);
    rules.push(rule(`/${entry.name}/*`, { 'cache-control': cacheControl }));
  } else if (!/\.(?:br|gz)$/.test(entry.name)) {
    rules.push(rule(`/${entry.name}`, { 'cache-control': staticCacheControl(`/${entry.name}`) }));
  }
}

await writeFile(join(distDir, '_headers'), rules.join('\n'));
console.log(`wrote ${join(distDir, '_headers')}`);
