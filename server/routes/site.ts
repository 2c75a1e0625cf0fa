/**
 * The built site: pages at clean URLs (from memory) in the visitor's language, hashed assets
 * cached for a year, HTML revalidated, precompressed variants, and the site's redirects. The
 * site is whichever build is current (a publish replaces it while the server runs).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  isApiPath,
  isAssetPath,
  languageForRequest,
  UNKNOWN_PAGE_TARGET,
  withoutTrailingSlash,
} from '../services/http/language-redirect.ts';
import { ifNoneMatchMatches } from '../services/http/entity-tags.ts';
import { chooseEncoding, type StoredPage } from '../services/site/page-store.ts';
import type { CurrentSite, ServedSite } from '../services/site/served-site.ts';
import { LANG_COOKIE, type Lang } from '../../src/lib/languages.ts';
import { PAGE_POLICY_FILE } from '../../src/lib/page-policy.ts';
import { isImmutablePath, REVALIDATE, staticCacheControl } from '../services/http/cache-control.ts';
import { errorBody } from '../services/http/error-answers.ts';

export interface SiteRoutesOptions {
  /** The site being served, read once per request. */
  site: CurrentSite;
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

/** The language `/` and the per-language pages choose for this visitor. */
const visitorLanguage = (request: FastifyRequest): Lang =>
  languageForRequest(request.cookies[LANG_COOKIE], request.headers['accept-language']);

/**
 * Sends a page of `site` in the best encoding the client takes; 304 when its copy is current.
 * The page carries its own site's policy: a publish switching sites meanwhile must not pair
 * it with the hashes of another build's inline scripts.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  site: ServedSite,
  page: StoredPage,
  status = 200,
  caching = SHARED_PAGE,
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding'], page);
  const variant = page[encoding] ?? page.identity;
  reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', site.pageCsp)
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

const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (app, { site }) => {
  // Only `sendFile`, from whichever folder is current: the plugin's own route would serve one
  // folder fixed at start.
  await app.register(fastifyStatic, {
    root: site.current.dir,
    serve: false,
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

  // The CDN headers file and the build's record of the pages' policy describe this server's
  // own headers; neither is a page.
  app.get('/_headers', async (_request, reply) => reply.callNotFound());
  app.get(`/${PAGE_POLICY_FILE}`, async (_request, reply) => reply.callNotFound());

  app.get('/', async (request, reply) => redirectTo(reply, `/${visitorLanguage(request)}`, 'Cookie, Accept-Language'));

  // Every other path: a page of the current site from memory, else one of its files. One map
  // lookup, where each page had its own route when the site was fixed for the process's life.
  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const served = site.current;
    const path = `/${request.params['*']}`;
    const page = served.pages.get(path);
    if (!page) return reply.sendFile(path, served.dir);
    if ('shared' in page) return sendPage(request, reply, served, page.shared);
    // The page in the visitor's language (saved choice, then Accept-Language), at its one
    // URL: the copies carry that URL's canonical and alternates, and switch in the browser
    // when a choice saved only there says otherwise.
    return sendPage(request, reply, served, page.perLanguage[visitorLanguage(request)], 200, PER_LANGUAGE_PAGE);
  });

  // Requests already sent to an earlier build, so that a file gone from it meanwhile is a 404.
  const askedOfEarlier = new WeakSet<FastifyRequest>();

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // A page loaded before a publish asks for its build's files as the visitor uses it (an
    // island's code when it scrolls into view). A hashed file is the same in any build that
    // has it, so the builds served before answer for the one now served, newest first.
    if (isRead && isImmutablePath(path) && !askedOfEarlier.has(request)) {
      const dir = await site.earlierDirHolding(path);
      if (dir) {
        askedOfEarlier.add(request);
        return reply.sendFile(path, dir);
      }
    }
    // A page whose own file is missing (a broken deploy) must not redirect to itself forever.
    if (isRead && !isAssetPath(path) && path !== UNKNOWN_PAGE_TARGET) return redirectTo(reply, UNKNOWN_PAGE_TARGET);
    const served = site.current;
    if (isRead && served.notFound && !isApiPath(path)) {
      return sendPage(request, reply, served, served.notFound, 404);
    }
    return reply.code(404).send(errorBody(404, `No route for ${request.method} ${path}`));
  });
};

export default siteRoutes;
