/**
 * Writes `dist/_headers`, the headers file that Netlify and Cloudflare Pages read, so the
 * static pages get the same Content-Security-Policy and caching on a CDN as from our server.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EVERY_RESPONSE } from '../server/plugins/security-headers.ts';
import { cspDirectives, cspHeader } from '../server/services/csp.ts';
import { scanSitePages } from '../server/services/site-pages.ts';

const distDir = process.argv[2] ?? 'dist';
const site = await scanSitePages(distDir);
const apiBase = process.env['PUBLIC_API_BASE'];
const csp = cspHeader(cspDirectives({ ...site, apiOrigin: apiBase ? new URL(apiBase).origin : null }));

/** `X-Content-Type-Options` for `x-content-type-options`: how such files are usually written. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
// The same security headers as the server sends (one table, in the plugin).
const security = Object.entries(EVERY_RESPONSE)
  .map(([name, value]) => `  ${headerName(name)}: ${value}`)
  .join('\n');

const headers = `/*
  Content-Security-Policy: ${csp}
${security}
  Cache-Control: public, max-age=86400

/_astro/*
  Cache-Control: public, max-age=31536000, immutable

/*.html
  Cache-Control: no-cache
`;
await writeFile(join(distDir, '_headers'), headers);
console.log(`wrote ${join(distDir, '_headers')}`);
