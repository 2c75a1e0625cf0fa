/**
 * The artist's studio under `/studio`: its page, its sign-in, and the guarded scope every
 * other `/studio/api/` route runs in. Everything it answers is never indexed nor stored and
 * carries the studio's own content policy; a change (any method but GET and HEAD) from an
 * Origin other than STUDIO_ORIGIN, or anything the browser marks as sent from another site, is
 * refused with 403; a route other than signing in answers 401 without a valid session and 403
 * without its request token (which only the studio's own page holds), and sees the person as
 * `request.studioPerson`.
 *
 * Other parts add their routes with `routes`: each function registers plugins on the guarded
 * scope, whose routes must lie under `/studio/api/`, e.g.
 * `app.register(studioPlugin, { config, redis, routes: [(scope) => scope.register(contentRoutes, options)] })`.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { PUBLIC_STUDIO_ROUTES, STUDIO_API_PREFIX } from '../../src/lib/studio-auth.ts';
import type { Config } from '../config.ts';
import accountRoutes from '../routes/studio-account.ts';
import signInRoutes from '../routes/studio-sign-in.ts';
import studioPages from '../routes/studio-pages.ts';
import { openOrNull, storeLocation } from '../services/stores/open-store.ts';
import { openStudioStore } from '../services/stores/open-studio-store.ts';
import { configuredMailer } from '../services/contact/configured-mailer.ts';
import { SWEEP_INTERVAL_MS, type SessionLifetimes } from '../services/studio/lifetimes.ts';
import { startNoticeOutbox } from '../services/studio/notice-outbox.ts';
import { relyingParty } from '../services/studio/passkeys.ts';
import { startSessionSweep } from '../services/studio/session-sweep.ts';
import { sessionToken, type CookieJar } from '../services/studio/studio-cookies.ts';
import { carriesRequestToken, fromTheStudiosOrigin, requestTokenOf } from '../services/studio/request-token.ts';
import { refuse, STUDIO_ASSET_CACHE, STUDIO_CSP, STUDIO_HEADERS } from '../services/studio/studio-http.ts';
import type { StudioStore } from '../services/studio/studio-store.ts';
import { hashToken, TOKEN_PATTERN } from '../services/studio/tokens.ts';
import '../services/studio/studio-person.ts';

/** Registers route plugins inside the guarded scope. */
export type StudioRoutes = (scope: FastifyInstance) => unknown;

export interface StudioOptions {
  config: Config;
  /** Where the sign-in rate limits are counted when several instances share them. */
  redis: Redis | null;
  /** The signed-in routes of other parts (the content, publishing). */
  routes?: readonly StudioRoutes[];
  /** How often sessions past their lifetimes are deleted (tests shorten it). */
  sweepEveryMs?: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const TOKEN = new RegExp(TOKEN_PATTERN);

const studioPlugin: FastifyPluginAsync<StudioOptions> = async (app, options) => {
  const { config, redis, routes = [] } = options;
  // An unusable data folder closes only the studio, not the site.
  const store = await openOrNull(storeLocation(config), openStudioStore, app.log, 'the studio');
  if (store) app.addHook('onClose', () => store.close());

  app.decorateRequest('studioPerson', null);
  app.addHook('onSend', async (_request, reply, payload) => {
    // A content-hashed file keeps the year-long cache its route gave it; nothing else has one.
    const keptAsset = reply.getHeader('cache-control') === STUDIO_ASSET_CACHE;
    reply.headers(STUDIO_HEADERS);
    if (keptAsset) reply.header('cache-control', STUDIO_ASSET_CACHE);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) reply.header('content-security-policy', STUDIO_CSP);
    return payload;
  });
  const lifetimes = { idleMs: config.STUDIO_SESSION_IDLE_MS, absoluteMs: config.STUDIO_SESSION_ABSOLUTE_MS };
  // The page is written with its session's request token when it is asked with a valid session.
  const requestTokenFor = async (request: FastifyRequest): Promise<string | null> => {
    const token = sessionToken(request);
    if (!store || !token || !TOKEN.test(token)) return null;
    return (await store.session(hashToken(token), lifetimes)) ? requestTokenOf(token) : null;
  };
  await app.register(studioPages, { dir: config.STUDIO_DIR, requestTokenFor });

  await app.register(async (api) => {
    // A change must come from the studio's own page: a missing or foreign Origin, or fetch
    // metadata naming another site, is refused before anything else runs, whatever the cookies say.
    api.addHook('onRequest', async (request, reply) => {
      const sameOrigin = SAFE_METHODS.has(request.method) || request.headers.origin === config.STUDIO_ORIGIN;
      if (sameOrigin && fromTheStudiosOrigin(request)) return undefined;
      return refuse(reply, 403, 'ORIGIN_REFUSED', 'Changes are accepted only from the studio itself.');
    });
    api.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) {
        request.log.error({ err: error }, 'studio request failed');
        return refuse(reply, 500, 'SERVER_ERROR', 'Something went wrong on our side. Please try again later.');
      }
      return refuse(reply, status, 'INVALID_REQUEST', error.message);
    });
    if (!store) {
      api.all(`${STUDIO_API_PREFIX}*`, async (_request, reply) =>
        refuse(reply, 503, 'STUDIO_UNAVAILABLE', 'The studio is not available right now.'),
      );
      return;
    }
    const notices = startNoticeOutbox({
      store,
      mailer: configuredMailer(config, app.log),
      studioUrl: `${config.STUDIO_ORIGIN}/studio/`,
      log: app.log,
      retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
      leaseMs: config.OUTBOX_LEASE_MS,
    });
    const sweeper = startSessionSweep(store, lifetimes, options.sweepEveryMs ?? SWEEP_INTERVAL_MS, app.log);
    // Closed before the store (hooks run in reverse): no sweep or notice starts on a closed store.
    app.addHook('onClose', async () => {
      sweeper.stop();
      await notices.close();
    });
    await registerApi(api, store, config, redis, routes, lifetimes, () => notices.notify());
  });
};

/** The sign-in routes, and the guarded scope with everything else. */
async function registerApi(
  api: FastifyInstance,
  store: StudioStore,
  config: Config,
  redis: Redis | null,
  routes: readonly StudioRoutes[],
  lifetimes: SessionLifetimes,
  noticeQueued: () => void,
): Promise<void> {
  const jar: CookieJar = { store, origin: config.STUDIO_ORIGIN, lifetimes };
  const rp = relyingParty(config.STUDIO_ORIGIN);
  await api.register(signInRoutes, { jar, rp, perClientPerMinute: config.STUDIO_AUTH_RATE_LIMIT, redis });

  await api.register(async (guarded) => {
    guarded.addHook('onRoute', (route) => {
      if (!route.url.startsWith(STUDIO_API_PREFIX) || PUBLIC_STUDIO_ROUTES.includes(route.url)) {
        throw new Error(`A guarded studio route must lie under ${STUDIO_API_PREFIX}: ${route.url}`);
      }
    });
    guarded.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = sessionToken(request);
      const person = token && TOKEN.test(token) ? await store.session(hashToken(token), jar.lifetimes) : null;
      if (!person || !token) return refuse(reply, 401, 'SESSION_REQUIRED', 'Sign in to the studio first.');
      // The cookie goes with any request of the origin; only the studio's own page has the token.
      if (!carriesRequestToken(request, token))
        return refuse(reply, 403, 'STUDIO_TOKEN_REQUIRED', 'This request did not come from the studio’s page.');
      request.studioPerson = person;
      return undefined;
    });
    await guarded.register(accountRoutes, { jar, rp, noticeQueued });
    for (const add of routes) await add(guarded);
    guarded.all(`${STUDIO_API_PREFIX}*`, async (_request, reply) =>
      refuse(reply, 404, 'NOT_FOUND', 'There is no such studio route.'),
    );
  });
}

export default studioPlugin;
