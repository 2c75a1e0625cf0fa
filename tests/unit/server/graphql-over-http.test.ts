/**
 * The GraphQL over HTTP specification's own audit (`auditServer` of graphql-http, the
 * reference implementation) against the real server listening on a port. Its cases query
 * `__type`, so this one instance runs with introspection on (NODE_ENV=development); production
 * refuses introspection on purpose.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGraphqlResponse, wantsGraphqlResponseJson } from '../../../server/services/graphql/over-http.ts';
import { PREFLIGHT_HEADER } from '../../../src/lib/playlist-api.ts';
import { GRAPHQL_SHAPES } from '../../../perf/soak/graphql-hostile.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

let site: FixtureSite;
let app: FastifyInstance;
let results: AuditResult[];

beforeAll(async () => {
  site = createFixtureSite();
  // Many requests below come from one address: the rate limit is not what they test.
  app = await buildTestApp(site, { NODE_ENV: 'development', GRAPHQL_RATE_LIMIT: '1000000' });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  results = await auditServer({ url: `${url}/graphql` });
});
afterAll(async () => {
  await app.close();
  site.cleanup();
});

const failing = (level: string) =>
  results.filter((result) => result.name.startsWith(level) && result.status !== 'ok').map((result) => result.name);

describe('GraphQL over HTTP (graphql-http’s auditServer)', () => {
  it('passes every MUST', () => {
    expect(results.filter((result) => result.name.startsWith('MUST')).length).toBeGreaterThan(10);
    expect(failing('MUST')).toEqual([]);
  });

  it('passes every SHOULD', () => {
    expect(failing('SHOULD')).toEqual([]);
  });

  it('misses only the MAYs that a GET without the CSRF header would need', () => {
    // Mercurius's CSRF prevention, on purpose: a GET must carry x-mercurius-operation-name (or
    // a JSON content type), so a page on another site needs a CORS preflight to send one.
    expect(failing('MAY').sort()).toEqual([
      'MAY accept application/x-www-form-urlencoded formatted GET requests',
      'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json',
      'MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json',
    ]);
  });
});

describe('application/graphql-response+json', () => {
  it('is chosen only when Accept prefers it', () => {
    expect(wantsGraphqlResponseJson('application/graphql-response+json, application/json;q=0.9')).toBe(true);
    expect(wantsGraphqlResponseJson('application/json')).toBe(false);
    expect(wantsGraphqlResponseJson('*/*')).toBe(false);
    expect(wantsGraphqlResponseJson(undefined)).toBe(false);
  });

  it('turns a refused request into 400 without data, and leaves an executed one alone', () => {
    const refused = JSON.stringify({ data: null, errors: [{ message: 'Syntax Error' }] });
    expect(asGraphqlResponse(200, refused)).toEqual({
      status: 400,
      payload: JSON.stringify({ errors: [{ message: 'Syntax Error' }] }),
    });
    const ran = JSON.stringify({ data: null, errors: [{ message: 'Nenhum nome', path: ['playlist'] }] });
    expect(asGraphqlResponse(200, ran)).toEqual({ status: 200, payload: ran });
    expect(asGraphqlResponse(429, refused)).toEqual({ status: 429, payload: refused });
  });
});

const JSON_TYPE = 'application/json';
const GRAPHQL_TYPE = 'application/graphql-response+json';
const PLAYLISTS = '{ playlists { name } }';
const TWO_OPERATIONS = 'query A { playlists { name } } query B { playlists { trackCount } }';

interface Shape {
  query: string;
  variables?: string;
  operationName?: string;
}

/** A GET of these parameters, with the header that lets a GET through CSRF prevention. */
function getRequest(shape: Shape, accept: string, method: 'GET' | 'HEAD' = 'GET'): InjectOptions {
  return { method, url: '/graphql', query: { ...shape }, headers: { [PREFLIGHT_HEADER]: 'Test', accept } };
}

/** The same parameters as a POST body. */
function postRequest(body: Record<string, unknown>, accept: string): InjectOptions {
  return { method: 'POST', url: '/graphql', payload: body, headers: { accept, 'content-type': 'application/json' } };
}

describe('GET parameters and operations', () => {
  // [what, parameters, status for application/json, for application/graphql-response+json, message]
  it.each<[string, Shape, number, number, RegExp]>([
    ['an array as variables', { query: PLAYLISTS, variables: '[]' }, 400, 400, /"variables" must be an object/],
    ['a number as variables', { query: PLAYLISTS, variables: '1' }, 400, 400, /"variables" must be an object/],
    ['a string as variables', { query: PLAYLISTS, variables: '"x"' }, 400, 400, /"variables" must be an object/],
    ['variables that are not JSON', { query: PLAYLISTS, variables: '{x' }, 400, 400, /must be a JSON object/],
    ['empty variables', { query: PLAYLISTS, variables: '' }, 400, 400, /must be a JSON object/],
    ['a mutation', { query: 'mutation { playlists { name } }' }, 405, 405, /mutation operation from a POST/],
    ['a subscription', { query: 'subscription S { x }' }, 405, 405, /subscription operation from a POST/],
    ['two operations, no operationName', { query: TWO_OPERATIONS }, 200, 400, /Must provide operation name/],
    ['an unknown operationName', { query: PLAYLISTS, operationName: 'B' }, 200, 400, /Unknown operation named "B"/],
    ['an empty operationName', { query: TWO_OPERATIONS, operationName: '' }, 200, 400, /Unknown operation named ""/],
    ['only a fragment', { query: 'fragment F on Query { playlists { name } }' }, 200, 400, /./],
  ])(
    'answers %s with a 4xx or errors, never a 5xx, not cacheable',
    async (_what, shape, jsonStatus, graphqlStatus, message) => {
      for (const [accept, status] of [
        [JSON_TYPE, jsonStatus],
        [GRAPHQL_TYPE, graphqlStatus],
      ] as const) {
        const response = await app.inject(getRequest(shape, accept));
        expect(response.statusCode, accept).toBe(status);
        const body = response.json<{ errors: { message: string }[] }>();
        expect(body.errors.map((error) => error.message).join('\n')).toMatch(message);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['allow']).toBe(status === 405 ? 'POST' : undefined);
        const head = await app.inject(getRequest(shape, accept, 'HEAD'));
        expect(head.statusCode, `HEAD ${accept}`).toBe(status);
      }
    },
  );

  it('runs the operation operationName chooses, and takes null variables', async () => {
    const chosen = await app.inject(getRequest({ query: TWO_OPERATIONS, operationName: 'B' }, JSON_TYPE));
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ data: { playlists: [] } });
    const nullVariables = await app.inject(getRequest({ query: PLAYLISTS, variables: 'null' }, JSON_TYPE));
    expect(nullVariables.statusCode).toBe(200);
    // A query named like an operation type, and a fragment named `query`, are still one query.
    const tricky = 'query mutation { ...query } fragment query on Query { playlists { name } }';
    expect((await app.inject(getRequest({ query: tricky }, JSON_TYPE))).statusCode).toBe(200);
  });

  it('answers the same shapes over POST with a 4xx or errors', async () => {
    for (const body of [
      { query: PLAYLISTS, variables: [] },
      { query: PLAYLISTS, variables: 1 },
      { query: PLAYLISTS, variables: 'x' },
      { query: 'mutation { playlists { name } }' },
      { query: 'subscription S { x }' },
      { query: TWO_OPERATIONS },
      { query: PLAYLISTS, operationName: 'B' },
      { query: TWO_OPERATIONS, operationName: '' },
    ]) {
      for (const accept of [JSON_TYPE, GRAPHQL_TYPE]) {
        const response = await app.inject(postRequest(body, accept));
        expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
        expect(response.json<{ errors?: unknown[] }>().errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
      }
    }
  });
});

/** A well-formed operation of any type, named or not, with or without a variable. */
const operation = fc
  .tuple(
    fc.constantFrom('query', 'mutation', 'subscription', ''),
    fc.constantFrom('A', 'B', 'query', ''),
    fc.constantFrom('', '($v: String)'),
    fc.constantFrom('{ playlists { name } }', '{ playlist(playlistName: $v) { title } }', '{ nope }', '{ ...F }'),
  )
  .map(([type, name, variables, selection]) => (type ? `${type} ${name}${variables} ${selection}` : selection));
/** Documents that parse (one to three operations, maybe a fragment), token soup, and any text at all. */
const graphqlText = fc.oneof(
  fc
    .tuple(fc.array(operation, { maxLength: 3 }), fc.constantFrom('', 'fragment F on Query { playlists { name } }'))
    .map(([operations, fragment]) => [...operations, fragment].join(' ')),
  fc
    .array(
      fc.oneof(
        fc.constantFrom('query', 'mutation', 'subscription', 'fragment', 'on', 'Query', 'A', 'B', '$v', 'String'),
        fc.constantFrom('{', '}', '(', ')', '[', ']', ':', '...', '@skip', '=', '"s"', '"""', '#', '\n', '1'),
        fc.constantFrom('playlists', 'name', 'playlist', 'playlistName', 'title', '__typename', '__schema'),
      ),
      { maxLength: 30 },
    )
    .map((tokens) => tokens.join(' ')),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const variablesText = fc.oneof(
  fc.json({ maxDepth: 2 }),
  fc.constantFrom('', 'null', '[]', '{}', '{"playlistName":"Singles"}', '{"v":1}'),
  fc.string({ unit: 'binary', maxLength: 10 }),
);
const operationNameText = fc.oneof(fc.constantFrom('', 'A', 'B', 'query'), fc.string({ unit: 'binary', maxLength: 5 }));

/** Variables for a POST body: the JSON value when the text is JSON, else the text itself. */
function parsedOrText(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

describe('arbitrary requests', () => {
  it('never get a 5xx, over GET, HEAD or POST, in either media type', async () => {
    await fc.assert(
      fc.asyncProperty(
        graphqlText,
        fc.option(variablesText, { nil: undefined }),
        fc.option(operationNameText, { nil: undefined }),
        fc.constantFrom<'GET' | 'HEAD' | 'POST'>('GET', 'HEAD', 'POST'),
        fc.constantFrom(JSON_TYPE, GRAPHQL_TYPE),
        async (query, variables, operationName, method, accept) => {
          const shape: Shape = {
            query,
            ...(variables !== undefined && { variables }),
            ...(operationName !== undefined && { operationName }),
          };
          const response = await app.inject(
            method === 'POST'
              ? postRequest({ ...shape, variables: parsedOrText(variables) }, accept)
              : getRequest(shape, accept, method),
          );
          expect(response.statusCode, JSON.stringify({ method, shape })).toBeLessThan(500);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('the soak’s hostile GraphQL shapes', () => {
  it.each(GRAPHQL_SHAPES.map((shape) => [shape.what, shape] as const))('%s gets no 5xx', async (_what, shape) => {
    const response = await app.inject({
      method: shape.method,
      url: shape.path,
      headers: { 'content-type': 'application/json', [PREFLIGHT_HEADER]: 'Hostile' },
      ...(shape.body === undefined ? {} : { payload: shape.body }),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(200);
    expect(response.statusCode).toBeLessThan(500);
  });
});
