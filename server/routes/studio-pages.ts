/**
 * The studio's page and its scripts from STUDIO_DIR (`npm run build` writes them): the page at
 * `/studio`, `/studio/` and each part's address (`/studio/music`…), its content-hashed files
 * under `/studio/assets/` (precompressed, kept by the browser for a year), and a JSON 404 for
 * anything else under `/studio`, never the public site's redirect. A signed-in artist's page
 * also names the scripts of the part he opens, to download at once.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  STUDIO_REQUEST_TOKEN,
  STUDIO_SECTION_SOURCES,
  STUDIO_SECTIONS,
  studioSectionAt,
  studioSectionPath,
} from '../../src/lib/studio-auth.ts';
import { sectionPreloads } from '../services/studio/section-preloads.ts';
import { refuse, STUDIO_ASSET_CACHE, STUDIO_ASSETS_PREFIX } from '../services/studio/studio-http.ts';

export interface StudioPagesOptions {
  /** The built studio: index.html and assets/. */
  dir: string;
  /** The request token of the session the request carries, or null without a valid one. */
  requestTokenFor: (request: FastifyRequest) => Promise<string | null>;
}

const studioPages: FastifyPluginAsync<StudioPagesOptions> = async (app, { dir, requestTokenFor }) => {
  // Read at each request (it is small and rarely asked for), so a new build is served at once.
  // Only to a browser navigating to it: a script that fetched it could read its token.
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const destination = request.headers['sec-fetch-dest'];
    if (destination !== undefined && destination !== 'document')
      return refuse(reply, 403, 'ORIGIN_REFUSED', 'The studio opens only as a page of its own.');
    const html = await readFile(join(dir, 'index.html'), 'utf8').catch(() => null);
    if (!html) return refuse(reply, 503, 'STUDIO_UNAVAILABLE', 'The studio is not built yet.');
    // Written only where the browser says it navigates: one too old to say (or a script that
    // leaves the header out) gets the page without it.
    const token = destination === 'document' ? await requestTokenFor(request) : null;
    // The token is base64url, the preloads the build's own file names: nothing to escape.
    const signedIn = token
      ? `<meta name="${STUDIO_REQUEST_TOKEN.meta}" content="${token}">${await preloadsOf(request)}`
      : '';
    return reply.type('text/html; charset=utf-8').send(html.replace('</head>', `${signedIn}</head>`));
  };
  /** The scripts of the part the address names, for the browser to fetch with the page. */
  const preloadsOf = async (request: FastifyRequest) => {
    const section = studioSectionAt(request.routeOptions.url ?? '') ?? 'content';
    const urls = await sectionPreloads(dir, STUDIO_SECTION_SOURCES[section]);
    return urls.map((url) => `<link rel="modulepreload" href="${url}" crossorigin>`).join('');
  };
  app.get('/studio', sendShell);
  app.get('/studio/', sendShell);
  for (const section of STUDIO_SECTIONS) {
    if (section !== 'content') app.get(studioSectionPath(section), sendShell);
  }

  // Named by their content, so a browser keeps them for good (the editor is megabytes a phone
  // should fetch once), compressed ahead by the build; `private` keeps them out of shared caches.
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: STUDIO_ASSETS_PREFIX,
    // The site's own registration already decorates the reply.
    decorateReply: false,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', STUDIO_ASSET_CACHE);
    },
  });

  app.all('/studio/*', async (_request, reply) => refuse(reply, 404, 'NOT_FOUND', 'There is nothing here.'));
};

export default studioPages;
