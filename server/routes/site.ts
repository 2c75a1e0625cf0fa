/**
 * The built site: pages at clean URLs (from memory) in the visitor's language, hashed assets
 * cached for a year, HTML revalidated, precompressed variants, and the site's redirects.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  isApiPath,
  isAssetPath,
  languageForRequest,
  UNKNOWN_PAGE_TARGET,
  withoutTrailingSlash,
} from '../services/language-redirect.ts';
import { ifNoneMatchMatches } from '../services/entity-tags.ts';
import { chooseEncoding, loadPages, type StoredPage } from '../services/page-store.ts';
import { LANG_COOKIE, LANGUAGES, type Lang } from '../../src/lib/languages.ts';
import { REVALIDATE, staticCacheControl } from '../services/cache-control.ts';
import { errorBody } from '../services/error-answers.ts';

export interface SiteRoutesOptions {
  distDir: string;
  /** Clean URL path to HTML file, from `scanSitePages`. */
  pages: Map<string, string>;
  /** Clean URL path to its per-language files, from `scanSitePages`. */
  variants: Map<string, Partial<Record<Lang, string>>>;
}

/** A redirect that depends on the visitor must not be cached by a shared cache. */
const PRIVATE_REDIRECT = 'private, no-store';
/**
 * A page whose language depends on the visitor: a shared cache must not keep it (it would
 * send one visitor's language to the next, and many caches ignore `Vary: Cookie`); the
 * browser keeps it and revalidates by ETag, which differs by language.
 */
const PRIVATE_REVALIDATE = 'private, no-cache';
/** What decides a per-language page: the `lang` cookie, then Accept-Language (and the encoding). */
const LANGUAGE_VARY = 'Accept-Encoding, Cookie, Accept-Language';

/** How a page is cached: by anyone, or per visitor when its content depends on them. */
interface PageCaching {
  cacheControl: string;
  vary: string;
}
const SHARED_PAGE: PageCaching = { cacheControl: REVALIDATE, vary: 'Accept-Encoding' };
const PER_LANGUAGE_PAGE: PageCaching = { cacheControl: PRIVATE_REVALIDATE, vary: LANGUAGE_VARY };
const NOT_FOUND_PAGE = '404.html';

/** The language `/` and the per-language pages choose for this visitor. */
const visitorLanguage = (request: FastifyRequest): Lang =>
  languageForRequest(request.cookies[LANG_COOKIE], request.headers['accept-language']);

/** Sends a page in the best encoding the client takes; 304 when its copy is current. */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: StoredPage,
  status = 200,
  caching = SHARED_PAGE,
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding'], page);
  const variant = page[encoding] ?? page.identity;
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', caching.cacheControl)
    .header('Vary', caching.vary)
    .header('ETag', variant.etag);
  if (status === 200 && ifNoneMatchMatches(request.headers['if-none-match'], variant.etag))
    return reply.code(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.code(status).send(variant.body);
}

function redirectTo(reply: FastifyReply, location: string, vary?: string): FastifyReply {
  reply.header('Cache-Control', PRIVATE_REDIRECT);
  if (vary) reply.header('Vary', vary);
  return reply.redirect(location, 302);
}

const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, { distDir, pages, variants }) => {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    redirect: false,
    preCompressed: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', staticCacheControl(filePath));
    },
  });

  // A trailing slash names the same page: send it to the one canonical URL.
  app.addHook('onRequest', async (request, reply) => {
    // The query is everything after the first `?`, kept byte for byte (it may hold more `?`).
    const queryStart = request.url.indexOf('?');
    const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    // Only reads: a redirected POST may arrive as a GET and lose its body.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && path.length > 1 && path.endsWith('/')) {
      const query = queryStart === -1 ? '' : request.url.slice(queryStart);
      return reply.redirect(`${withoutTrailingSlash(path)}${query}`, 301);
    }
    return undefined;
  });

  // The CDN headers file describes this server's own headers; it is not a page. (A route
  // rather than @fastify/static's allowedPath, which makes it list the folder on every
  // request to check the path's spelling: a sixth of the throughput.)
  app.get('/_headers', async (_request, reply) => reply.callNotFound());

  app.get('/', async (request, reply) => redirectTo(reply, `/${visitorLanguage(request)}`, 'Cookie, Accept-Language'));

  const variantFiles = [...variants.values()].flatMap((files) => Object.values(files));
  const store = await loadPages(distDir, [...pages.values(), ...variantFiles, NOT_FOUND_PAGE]);
  for (const [path, file] of pages) {
    const page = store.get(file);
    const perLanguage = variants.get(path);
    if (page && perLanguage) {
      // The page in the visitor's language (saved choice, then Accept-Language), at its one
      // URL: the copies carry that URL's canonical and alternates, and switch in the browser
      // when a choice saved only there says otherwise.
      const inLanguage = Object.fromEntries(
        LANGUAGES.map((lang) => {
          const languageFile = perLanguage[lang];
          return [lang, (languageFile ? store.get(languageFile) : undefined) ?? page];
        }),
      ) as Record<Lang, StoredPage>;
      app.get(path, async (request, reply) =>
        sendPage(request, reply, inLanguage[visitorLanguage(request)], 200, PER_LANGUAGE_PAGE),
      );
    } else if (page) {
      app.get(path, async (request, reply) => sendPage(request, reply, page));
    }
  }
  const notFoundPage = store.get(NOT_FOUND_PAGE);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A page whose own file is missing (a broken deploy) must not redirect to itself forever.
    if (isRead && !isAssetPath(path) && path !== UNKNOWN_PAGE_TARGET) return redirectTo(reply, UNKNOWN_PAGE_TARGET);
    if (isRead && notFoundPage && !isApiPath(path)) {
      return sendPage(request, reply, notFoundPage, 404);
    }
    return reply.code(404).send(errorBody(404, `No route for ${request.method} ${path}`));
  });
};

export default siteRoutes;
