/**
 * HTTP caching of the GraphQL answers. A successful GET (or HEAD) is `public` for a while (never
 * past the moment a release still to come joins the answers) with
 * a strong ETag made from the media index, the renditions, this server and the request; a
 * matching If-None-Match gets 304 without running the query. POST answers and every error are
 * `no-store`. The answer's media type follows Accept (over-http.ts), so it varies by it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchMatches } from '../http/entity-tags.ts';
import { asGraphqlResponse, GRAPHQL_RESPONSE_JSON, wantsGraphqlResponseJson } from './over-http.ts';
import { schema } from './schema.ts';
import type { PublicLibrary } from '../media/public-library.ts';
import type { Renditions } from '../renditions/renditions.ts';

export interface GraphqlCachingOptions {
  /** The route whose answers are cached. */
  path: string;
  library: Pick<PublicLibrary, 'version' | 'untilNextMoment'>;
  renditions: Pick<Renditions, 'version'>;
  mediaBaseUrl: string;
  development: boolean;
  /** How long shared caches may keep successful GET answers, in seconds. */
  cache: { maxAge: number; staleWhileRevalidate: number };
}

export interface GraphqlCaching {
  /**
   * For a GET or HEAD that passed every check and will run: notes its ETag, and answers 304
   * at once to a GET naming it.
   */
  revalidate: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
  /** The onSend hook: negotiates the media type and sets ETag, Cache-Control and Vary. */
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

const mediaTypeOf = (request: FastifyRequest) =>
  wantsGraphqlResponseJson(request.headers.accept) ? GRAPHQL_RESPONSE_JSON : 'application/json';

/** The revalidation and onSend hook of one GraphQL route. */
export function graphqlCaching(options: GraphqlCachingOptions): GraphqlCaching {
  const { library, renditions, cache } = options;
  // The answer to a GET depends on the request's query string, the media index, and what this
  // server is (its schema, where the audio URLs point, whether introspection is on): the ETag
  // covers all of them, and is the same on every instance configured alike.
  const serverDigest = createHash('sha1')
    .update(`${schema}\0${options.mediaBaseUrl}\0${String(options.development)}`)
    .digest('hex');
  // The media type is part of it too: the two representations of one answer differ.
  const etagOf = (url: string, mediaType: string): string => {
    const query = url.slice(url.indexOf('?') + 1);
    const digest = createHash('sha1')
      .update(`${serverDigest}\0${library.version()}\0${renditions.version()}\0${mediaType}\0${query}`)
      .digest('base64url');
    return `"${digest}"`;
  };
  /** A successful answer's Cache-Control: fresh and stale together, never kept past a release's moment. */
  const cacheable = (): string => {
    const until = library.untilNextMoment();
    const left = until === null ? Infinity : Math.max(0, Math.floor(until / 1000));
    const maxAge = Math.min(cache.maxAge, left);
    return `public, max-age=${maxAge}, stale-while-revalidate=${Math.min(cache.staleWhileRevalidate, left - maxAge)}`;
  };
  /** The ETag of each GET or HEAD whose parameters make a request (set by revalidate). */
  const etags = new WeakMap<object, string>();

  return {
    revalidate: (request, reply) => {
      const etag = etagOf(request.url, mediaTypeOf(request));
      etags.set(request, etag);
      // A GET naming this ETag gets 304 without running the query: only a successful answer
      // ever carries it, and the same request under the same index gives the same answer. A
      // HEAD, or `*`, runs it and is answered in onSend, so the 304 carries the right
      // Content-Length.
      const ifNoneMatch = request.headers['if-none-match'];
      if (request.method !== 'GET' || !ifNoneMatchMatches(ifNoneMatch, etag, { wildcard: false })) return undefined;
      return reply.code(304).header('ETag', etag).header('Cache-Control', cacheable()).header('Vary', 'Accept').send();
    },

    // Only a successful GET (or HEAD) answer may be kept, and only under the ETag of the index
    // it was computed from (a rescan between the request and the answer makes it uncacheable).
    onSend: async (request, reply, payload) => {
      if (request.routeOptions.url !== options.path || reply.statusCode === 304) return payload;
      // The answer depends on Accept: application/graphql-response+json or application/json.
      reply.header('Vary', 'Accept');
      // Negotiated once per answer (this runs for every answer of the route).
      const mediaType = mediaTypeOf(request);
      if (mediaType === GRAPHQL_RESPONSE_JSON && typeof payload === 'string') {
        const answer = asGraphqlResponse(reply.statusCode, payload);
        reply.code(answer.status).header('Content-Type', `${GRAPHQL_RESPONSE_JSON}; charset=utf-8`);
        payload = answer.payload;
      }
      const etag = etags.get(request);
      const succeeded = reply.statusCode === 200 && typeof payload === 'string' && !payload.includes('"errors":');
      if (etag && succeeded && etag === etagOf(request.url, mediaType)) {
        reply.header('ETag', etag).header('Cache-Control', cacheable());
        // Node sends no body with a 304; the Content-Length stays the 200's, as RFC 9110 allows.
        if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) reply.code(304).removeHeader('Content-Type');
      } else {
        reply.header('Cache-Control', 'no-store');
      }
      return payload;
    },
  };
}
