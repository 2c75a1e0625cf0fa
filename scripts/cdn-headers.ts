/**
 * Writes `dist/_headers`, the headers file that Netlify and Cloudflare Pages read, so the
 * static pages get the same Content-Security-Policy and caching on a CDN as from our server.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cspDirectives, cspHeader } from '../server/services/csp.ts';
import { scanSitePages } from '../server/services/site-pages.ts';

const distDir = process.argv[2] ?? 'dist';
const site = await scanSitePages(distDir);
const apiBase = process.env['PUBLIC_API_BASE'];
const csp = cspHeader(cspDirectives({ ...site, apiOrigin: apiBase ? new URL(apiBase).origin : null }));

const headers = `/*
  Content-Security-Policy: ${csp}
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  X-Frame-Options: DENY
  Cache-Control: public, max-age=86400

/_astro/*
  Cache-Control: public, max-age=31536000, immutable

/*.html
  Cache-Control: no-cache
`;
await writeFile(join(distDir, '_headers'), headers);
console.log(`wrote ${join(distDir, '_headers')}`);
