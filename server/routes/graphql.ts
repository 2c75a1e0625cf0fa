/**
 * `/graphql` by GET and POST (and GraphiQL in development): Mercurius with the music API's
 * schema, behind a per-client rate limit, with cacheable GET answers and hardened against
 * hostile documents. Every error is answered as services/graphql/errors.ts decides.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import mercurius from 'mercurius';
import { graphqlCaching } from '../services/graphql/caching.ts';
import { formatErrors } from '../services/graphql/errors.ts';
import { addDocumentChecks, hardenedOptions, hardenedRouteOptions } from '../services/graphql/hardening.ts';
import { graphqlRateLimit } from '../services/graphql/rate-limit.ts';
import { resolversFor, schema } from '../services/graphql/schema.ts';
import { trackViews } from '../services/graphql/track-view.ts';
import type { ClientRateLimitOptions } from '../services/http/request-limits.ts';
import type { PublicLibrary } from '../services/media/public-library.ts';
import type { Renditions } from '../services/renditions/renditions.ts';

/** The per-client limit counts GET and POST together. */
export interface GraphqlOptions extends ClientRateLimitOptions {
  library: PublicLibrary;
  renditions: Renditions;
  mediaBaseUrl: string;
  development: boolean;
  /** How long shared caches may keep successful GET answers, in seconds. */
  cache: { maxAge: number; staleWhileRevalidate: number };
}

const GRAPHQL_PATH = '/graphql';

const graphqlRoutes: FastifyPluginAsync<GraphqlOptions> = async (app, options) => {
  const { library, renditions, mediaBaseUrl, development } = options;
  // Every route of this plugin shares the one budget.
  await app.register(rateLimit, graphqlRateLimit(options.perClientPerMinute, options.redis));
  const caching = graphqlCaching({ ...options, path: GRAPHQL_PATH });
  app.addHook('onSend', caching.onSend);

  await app.register(mercurius, {
    schema,
    resolvers: resolversFor(library, trackViews(renditions, mediaBaseUrl)),
    path: GRAPHQL_PATH,
    graphiql: development,
    ...hardenedOptions(development),
    additionalRouteOptions: hardenedRouteOptions(caching.revalidate),
    errorFormatter: formatErrors,
  });
  addDocumentChecks(app);
};

export default graphqlRoutes;
