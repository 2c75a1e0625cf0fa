/**
 * The built site: pages at clean URLs, hashed assets cached for a year, HTML revalidated,
 * precompressed brotli/gzip variants, and the redirects of SPEC §2.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isAssetPath, languageForRequest, UNKNOWN_PAGE_TARGET } from '../services/language-redirect.ts';

export interface SiteRoutesOptions {
  distDir: string;
  /** Clean URL path to HTML file, from `scanSitePages`. */
  pages: Map<string, string>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const ONE_DAY = 'public, max-age=86400';
/** A redirect that depends on the visitor must not be cached by a shared cache. */
const PRIVATE_REDIRECT = 'private, no-store';

/** Astro puts every content-hashed file under /_astro/. The path may be a .br or .gz variant. */
function cacheControlFor(filePath: string): string {
  if (filePath.includes('/_astro/')) return IMMUTABLE;
  if (/\.html(?:\.br|\.gz)?$/.test(filePath)) return REVALIDATE;
  return ONE_DAY;
}

function redirectTo(reply: FastifyReply, location: string, vary?: string): FastifyReply {
  reply.header('Cache-Control', PRIVATE_REDIRECT);
  if (vary) reply.header('Vary', vary);
  return reply.redirect(location, 302);
}

const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, { distDir, pages }) => {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    redirect: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });

  // A trailing slash names the same page: send it to the one canonical URL.
  app.addHook('onRequest', async (request, reply) => {
    const [path = '/', query] = request.url.split('?');
    // Only reads: a redirected POST may arrive as a GET and lose its body.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && path.length > 1 && path.endsWith('/')) {
      // Collapse leading slashes too, so `//host/` can never become a protocol-relative URL.
      const clean = `/${path.replace(/^\/+|\/+$/g, '')}`;
      return reply.redirect(query === undefined ? clean : `${clean}?${query}`, 301);
    }
    return undefined;
  });

  // The CDN headers file describes this server's own headers; it is not a page. (A route
  // rather than @fastify/static's allowedPath, which makes it list the folder on every
  // request to check the path's spelling: a sixth of the throughput.)
  app.get('/_headers', async (_request, reply) => reply.callNotFound());

  app.get('/', async (request, reply) =>
    redirectTo(reply, `/${languageForRequest(request.headers)}`, 'Cookie, Accept-Language'),
  );

  for (const [path, file] of pages) {
    app.get(path, async (_request, reply) => reply.sendFile(file));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A page whose own file is missing (a broken deploy) must not redirect to itself forever.
    if (isRead && !isAssetPath(path) && path !== UNKNOWN_PAGE_TARGET) return redirectTo(reply, UNKNOWN_PAGE_TARGET);
    if (isRead && !path.startsWith('/api/') && !path.startsWith('/graphql')) {
      return reply.code(404).sendFile('404.html');
    }
    return reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${path}` });
  });
};

export default siteRoutes;
