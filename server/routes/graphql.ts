/**
 * `POST /graphql` (SPEC §7.2): `playlist(playlistName)` lists a playlist's tracks, and
 * `playlists` the playlists with their sizes. The playlist name is a key into the media
 * index, never a path. Documents are bounded in bytes, tokens and bracket nesting before they
 * are parsed, then in depth, aliases and fields; batching is off; introspection and GraphiQL
 * are off in production. Every error is answered as services/graphql-errors.ts decides.
 *
 * Over GET, variables must be a JSON object (else 400), the operation is chosen as graphql-js
 * would (a GraphQL error when none is), and only a query runs (405 with `Allow: POST`).
 *
 * `GET /graphql?query=…&variables=…` gives the same answers in a form shared caches keep: a
 * successful one is `public` for a while (configurable) with a strong ETag made from the media
 * index's version and the request, and a matching `If-None-Match` gets 304 without running the
 * query. POST answers and every error are `no-store`.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationRule } from 'graphql';
import mercurius from 'mercurius';
import { MISSING_NAME_ERROR } from '../../src/lib/playlist-api.ts';
import { formatErrors } from '../services/graphql-errors.ts';
import { asGraphqlResponse, GRAPHQL_RESPONSE_JSON, wantsGraphqlResponseJson } from '../services/graphql-over-http.ts';
import {
  CACHED_DOCUMENTS,
  documentTextProblem,
  hasTooManyFieldNodes,
  isParsedDocument,
  JIT_AFTER_USES,
  MAX_FIELDS,
  MAX_TOKENS,
  MAX_VALIDATION_ERRORS,
  maxAliasesRule,
  maxFieldsRule,
  requestBodyProblem,
  requestQueryProblem,
} from '../services/graphql-limits.ts';
import { ALLOW_FOR_OPERATIONS, getOperationProblem } from '../services/graphql-operations.ts';
import type { MediaLibrary, Track } from '../services/media-library.ts';
import type { Renditions, TrackRenditions } from '../services/renditions/renditions.ts';
import { MAX_GRAPHQL_BODY_BYTES, MINUTE_MS } from '../services/request-limits.ts';
import { audioUrl, coverUrl, renditionUrl } from '../services/track-urls.ts';

export interface GraphqlOptions {
  library: MediaLibrary;
  renditions: Renditions;
  mediaBaseUrl: string;
  development: boolean;
  /** Requests a minute from one client address, GET and POST together. */
  perClientPerMinute: number;
  /** Where the counts live when several instances share them (REDIS_URL); else in memory. */
  redis: Redis | null;
  /** How long shared caches may keep successful GET answers, in seconds. */
  cache: { maxAge: number; staleWhileRevalidate: number };
}

const GRAPHQL_PATH = '/graphql';

/**
 * True when an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). `*` is
 * not a name: it matches only an answer known to be a current representation (see onSend).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** True for `If-None-Match: *`: any current representation of the URL. */
const isWildcard = (header: string | undefined) => header?.trim() === '*';

const MAX_QUERY_DEPTH = 5;
const MAX_NAME_LENGTH = 200;

const schema = /* GraphQL */ `
  "A track of a playlist."
  type Track {
    title: String!
    artist: String
    album: String
    "Where the audio is served."
    url: String!
    "Length in seconds."
    duration: Float
    trackNumber: Int
    "The embedded cover picture, when the file has one."
    coverUrl: String
    "The type of the file at url."
    mimeType: String!
    "Light renditions of the master, lightest first (Opus, then AAC); empty until they are made."
    sources: [AudioSource!]!
    "The waveform (BBC waveform-data JSON, version 2), once it is made."
    peaksUrl: String
    "The master's measured loudness and the gain the renditions carry, once measured."
    loudness: Loudness
  }

  "A file of the track's audio in one format."
  type AudioSource {
    url: String!
    "With its codec, for canPlayType."
    mimeType: String!
    "Bits a second."
    bitrate: Int!
    bytes: Float!
  }

  "EBU R128 loudness."
  type Loudness {
    "Integrated loudness of the master, LUFS."
    integrated: Float!
    "True peak of the master, dBTP."
    truePeak: Float!
    "The gain applied to the renditions, dB: min(-14 - integrated, -1 - truePeak)."
    gain: Float!
  }

  type PlaylistSummary {
    name: String!
    trackCount: Int!
  }

  type Query {
    """
    The tracks of a playlist, in order; empty for an unknown name. The name is nullable as
    SPEC §7.2 and the previous player's query declare it; a missing one is an error.
    """
    playlist(playlistName: String): [Track!]!
    "Every playlist with its number of tracks."
    playlists: [PlaylistSummary!]!
  }
`;

const graphqlRoutes: FastifyPluginAsync<GraphqlOptions> = async (
  app,
  { library, renditions, mediaBaseUrl, development, perClientPerMinute, redis, cache },
) => {
  const describeTrack = (track: Track, made: TrackRenditions) => {
    const sources = made.renditions.map((rendition) => ({
      url: renditionUrl(made.hash as string, rendition.file, mediaBaseUrl),
      mimeType: rendition.format.mimeType,
      bitrate: rendition.format.bitrate,
      bytes: rendition.bytes,
    }));
    // The SPEC's url: the AAC every browser plays once it exists, else the original file.
    const everywhere = sources.find((source) => source.mimeType.startsWith('audio/mp4'));
    return {
      title: track.title,
      artist: track.artist,
      album: track.album,
      url: everywhere?.url ?? audioUrl(track, mediaBaseUrl),
      duration: track.duration,
      trackNumber: track.trackNumber,
      coverUrl: coverUrl(track),
      mimeType: everywhere ? 'audio/mp4' : track.mimeType,
      sources,
      peaksUrl: made.peaks && made.hash ? renditionUrl(made.hash, made.peaks, mediaBaseUrl) : null,
      loudness: made.loudness && {
        integrated: made.loudness.integrated,
        truePeak: made.loudness.truePeak,
        gain: made.loudness.gain,
      },
    };
  };
  // Built once per track and state of its renditions: a Track never changes (the library makes
  // a new one when its file changes), nor does a state (the service makes a new one), so a
  // cached view never carries a stale URL.
  const views = new WeakMap<Track, { made: TrackRenditions; view: ReturnType<typeof describeTrack> }>();
  const describe = (track: Track) => {
    const made = renditions.of(track);
    let cached = views.get(track);
    if (cached?.made !== made) {
      cached = { made, view: describeTrack(track, made) };
      views.set(track, cached);
    }
    return cached.view;
  };

  // Every route of this plugin (/graphql by GET and POST, GraphiQL in development) shares one
  // budget per client address: request.ip, which honours TRUST_PROXY. The refusal is thrown to
  // Mercurius's error handler, so it is shaped like any GraphQL error (graphql-errors.ts keeps
  // its 429). Only Retry-After is sent: x-ratelimit-* headers on the answers let through would
  // differ from client to client and spoil them for a CDN.
  await app.register(rateLimit, {
    global: true,
    ...(redis && { redis, nameSpace: 'graphql-' }),
    // Redis down: answer rather than refuse every listener (the log says why).
    skipOnError: true,
    max: perClientPerMinute,
    timeWindow: MINUTE_MS,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      new mercurius.ErrorWithProps(
        `Too many requests: at most ${perClientPerMinute} a minute from one address. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        { code: 'RATE_LIMITED' },
        context.statusCode,
      ),
  });

  // The answer to a GET depends on the request's query string, the media index, and what this
  // server is (its schema, where the audio URLs point, whether introspection is on): the ETag
  // covers all of them, and is the same on every instance configured alike.
  const serverDigest = createHash('sha1')
    .update(`${schema}\0${mediaBaseUrl}\0${String(development)}`)
    .digest('hex');
  // The media type is part of it too: the two representations of one answer differ.
  const etagOf = (url: string, mediaType: string): string => {
    const query = url.slice(url.indexOf('?') + 1);
    const digest = createHash('sha1')
      .update(`${serverDigest}\0${library.version()}\0${renditions.version()}\0${mediaType}\0${query}`)
      .digest('base64url');
    return `"${digest}"`;
  };
  const mediaTypeOf = (request: FastifyRequest) =>
    wantsGraphqlResponseJson(request.headers.accept) ? GRAPHQL_RESPONSE_JSON : 'application/json';
  const cacheable = `public, max-age=${cache.maxAge}, stale-while-revalidate=${cache.staleWhileRevalidate}`;
  /** The ETag of each GET or HEAD whose parameters make a request (set in preValidation). */
  const etags = new WeakMap<object, string>();
  /** Made once the request passed CSRF prevention, the rate limit and the parameter checks. */
  const revalidate = (request: FastifyRequest, reply: FastifyReply) => {
    const etag = etagOf(request.url, mediaTypeOf(request));
    etags.set(request, etag);
    // A GET naming this ETag gets 304 without running the query: only a successful answer ever
    // carries it, and the same request under the same index gives the same answer. A HEAD, or
    // `*`, runs it and is answered in onSend, so the 304 carries the right Content-Length.
    if (request.method !== 'GET' || !matchesEtag(request.headers['if-none-match'], etag)) return undefined;
    return reply.code(304).header('ETag', etag).header('Cache-Control', cacheable).header('Vary', 'Accept').send();
  };

  // Only a successful GET (or HEAD) answer may be kept, and only under the ETag of the index it
  // was computed from (a rescan between the request and the answer makes it uncacheable).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== GRAPHQL_PATH || reply.statusCode === 304) return payload;
    // The answer depends on Accept: application/graphql-response+json or application/json.
    reply.header('Vary', 'Accept');
    // Negotiated once per answer (this runs for every /graphql response).
    const mediaType = mediaTypeOf(request);
    if (mediaType === GRAPHQL_RESPONSE_JSON && typeof payload === 'string') {
      const answer = asGraphqlResponse(reply.statusCode, payload);
      reply.code(answer.status).header('Content-Type', `${GRAPHQL_RESPONSE_JSON}; charset=utf-8`);
      payload = answer.payload;
    }
    const etag = etags.get(request);
    const succeeded = reply.statusCode === 200 && typeof payload === 'string' && !payload.includes('"errors":');
    if (etag && succeeded && etag === etagOf(request.url, mediaType)) {
      reply.header('ETag', etag).header('Cache-Control', cacheable);
      const ifNoneMatch = request.headers['if-none-match'];
      // Node sends no body with a 304; the Content-Length stays the 200's, as RFC 9110 allows.
      if (matchesEtag(ifNoneMatch, etag) || isWildcard(ifNoneMatch)) reply.code(304).removeHeader('Content-Type');
    } else {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });

  const rules: ValidationRule[] = [maxAliasesRule, maxFieldsRule];
  if (!development) rules.push(NoSchemaIntrospectionCustomRule);

  await app.register(mercurius, {
    schema,
    resolvers: {
      Query: {
        playlist: (_root: unknown, { playlistName }: { playlistName?: string | null }) => {
          // The SPEC's client treats an empty name as none (SPEC §8): so does the API.
          if (playlistName == null || playlistName.trim() === '') {
            throw new mercurius.ErrorWithProps(MISSING_NAME_ERROR, { code: 'BAD_USER_INPUT' });
          }
          if (playlistName.length > MAX_NAME_LENGTH) {
            throw new mercurius.ErrorWithProps(`playlistName is longer than ${MAX_NAME_LENGTH} characters.`, {
              code: 'BAD_USER_INPUT',
            });
          }
          return library.tracks(playlistName).map(describe);
        },
        playlists: () => library.playlists(),
      },
    },
    path: GRAPHQL_PATH,
    graphiql: development,
    queryDepth: MAX_QUERY_DEPTH,
    // What is kept per document is bounded (see graphql-limits.ts): a small cache, and a
    // compiled function (graphql-jit, about twice as fast) only for the documents the site
    // sends over and over.
    cache: CACHED_DOCUMENTS,
    jit: JIT_AFTER_USES,
    validationRules: rules,
    graphql: {
      // Also checked before parsing (below); here it guards the parser itself.
      parseOptions: { maxLexicalTokens: MAX_TOKENS },
      validateOptions: { maxErrors: MAX_VALIDATION_ERRORS },
    },
    allowBatchedQueries: false,
    csrfPrevention: true,
    additionalRouteOptions: {
      bodyLimit: MAX_GRAPHQL_BODY_BYTES,
      // Before Fastify's schema coerces types (42 into "42", ["{…}"] into "{…}") and before
      // Mercurius takes a non-string query for a ready-parsed document.
      preValidation: async (request, reply) => {
        if (request.method !== 'POST') {
          const problem = requestQueryProblem(request.query);
          if (problem) return reply.code(400).send({ data: null, errors: [{ message: problem }] });
          const { query, operationName } = request.query as Record<string, unknown>;
          if (typeof query !== 'string') return undefined;
          const refused = getOperationProblem(query, typeof operationName === 'string' ? operationName : undefined);
          // The 405 (not a query) names the method that may run it; a GraphQL error needs nothing.
          if (refused instanceof mercurius.ErrorWithProps) reply.header('Allow', ALLOW_FOR_OPERATIONS);
          if (refused) throw refused;
          return revalidate(request, reply);
        }
        // GraphQL over HTTP allows `"extensions": null` (and no extensions are used here);
        // Mercurius's body schema wants an object, so a null one is simply left out.
        const body = request.body as Record<string, unknown> | null;
        if (body && typeof body === 'object' && body['extensions'] === null) delete body['extensions'];
        const problem = requestBodyProblem(request.body, request.headers['content-type']);
        if (problem) return reply.code(400).send({ data: null, errors: [{ message: problem }] });
        return undefined;
      },
    },
    errorFormatter: formatErrors,
  });

  app.graphql.addHook('preParsing', async (_schema, source) => {
    const problem = documentTextProblem(source);
    if (problem) throw problem;
  });

  app.graphql.addHook('preValidation', async (_schema, document) => {
    if (!isParsedDocument(document)) throw new GraphQLError('Syntax Error: the query is not a GraphQL document.');
    if (hasTooManyFieldNodes(document)) {
      throw new GraphQLError(`Query too large: at most ${MAX_FIELDS} fields are allowed.`);
    }
  });
};

export default graphqlRoutes;
