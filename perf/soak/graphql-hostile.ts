/**
 * The hostile scenario's GraphQL part: each kind of refusal, from its own address, must get one
 * and the same status and no internal text; then a flood from one address behind the proxy must
 * meet the real per-address limit.
 */
import { loadConfig } from '../../server/config.ts';
import { PREFLIGHT_HEADER } from '../../src/lib/playlist-api.ts';
import { GRAPHQL_REFUSALS, INTERNAL_ERROR_TEXT } from './graphql-documents.ts';
import { isAnswer, send, type Answer } from './http.ts';
import { judged, type Row } from './report.ts';

/** The limit the hostile scenario's server runs with: the production default. */
export const REAL_GRAPHQL_RATE_LIMIT = loadConfig({}).GRAPHQL_RATE_LIMIT;
/** Requests the flood sends beyond the limit. */
const BEYOND_LIMIT = 40;
const JSON_HEADERS = { 'content-type': 'application/json' };
const PLAYLISTS = JSON.stringify({ query: '{ playlists { name } }' });

const QUERY = '{ playlists { name } }';
const TWO_OPERATIONS = 'query A { playlists { name } } query B { playlists { name } }';
/** The query string of a GET of these parameters. */
const getPath = (parameters: Record<string, string>) => `/graphql?${new URLSearchParams(parameters).toString()}`;

/**
 * Request parameters and operation choices that once got a 500 over GET: each must get a 4xx
 * (400, or 405 for a mutation over GET) or a 200 with errors, over GET and POST alike.
 */
const SHAPE_PARAMETERS: readonly [string, Record<string, string>][] = [
  ['variables an array', { query: QUERY, variables: '[]' }],
  ['variables a number', { query: QUERY, variables: '1' }],
  ['variables a string', { query: QUERY, variables: '"x"' }],
  ['variables null', { query: QUERY, variables: 'null' }],
  ['variables empty', { query: QUERY, variables: '' }],
  ['a mutation', { query: 'mutation { playlists { name } }' }],
  ['a subscription', { query: 'subscription { playlists { name } }' }],
  ['two operations, no operationName', { query: TWO_OPERATIONS }],
  ['an unknown operationName', { query: QUERY, operationName: 'B' }],
  ['an empty operationName', { query: TWO_OPERATIONS, operationName: '' }],
];

/** Each of them as a GET (variables as JSON text in the URL) and as a POST (a JSON body). */
export const GRAPHQL_SHAPES: readonly { what: string; method: 'GET' | 'POST'; path: string; body?: string }[] =
  SHAPE_PARAMETERS.flatMap(([what, parameters]) => {
    const { variables, ...rest } = parameters;
    // Over POST, variables that are no JSON text (the empty one) go as that string.
    const posted = variables === '' ? '' : (JSON.parse(variables ?? 'null') as unknown);
    const body = { ...rest, ...(variables !== undefined && { variables: posted }) };
    return [
      { what: `GET, ${what}`, method: 'GET' as const, path: getPath(parameters) },
      { what: `POST, ${what}`, method: 'POST' as const, path: '/graphql', body: JSON.stringify(body) },
    ];
  });

export interface GraphqlHostileFigures {
  /** The status each refusal got. */
  refusals: Record<string, number | string>;
  /** The status each of GRAPHQL_SHAPES got. */
  shapes: Record<string, number | string>;
  flood: { limit: number; sent: number; limited: number };
}

/** Sends the refusals and the flood; every answer also goes to `onAnswer` for the common checks. */
export async function runGraphqlHostile(
  url: string,
  onAnswer: (answer: Answer) => void,
): Promise<GraphqlHostileFigures> {
  const refusals: GraphqlHostileFigures['refusals'] = {};
  for (const [index, refusal] of GRAPHQL_REFUSALS.entries()) {
    const answer = await send(url, '/graphql', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'x-forwarded-for': `198.51.250.${index + 1}` },
      body: refusal.body,
    });
    refusals[refusal.what] = isAnswer(answer) ? answer.status : answer.error;
    if (isAnswer(answer)) onAnswer(answer);
  }

  const shapes: GraphqlHostileFigures['shapes'] = {};
  for (const [index, shape] of GRAPHQL_SHAPES.entries()) {
    const answer = await send(url, shape.path, {
      method: shape.method,
      // The GET carries the header that gets it past CSRF prevention, as the player's does.
      headers: { ...JSON_HEADERS, [PREFLIGHT_HEADER]: 'Hostile', 'x-forwarded-for': `198.51.251.${index + 1}` },
      ...(shape.body === undefined ? {} : { body: shape.body }),
    });
    shapes[shape.what] = isAnswer(answer) ? answer.status : answer.error;
    if (isAnswer(answer)) onAnswer(answer);
  }

  // Each request claims another origin in X-Forwarded-For: only the address the proxy
  // appended counts.
  const flood = { limit: REAL_GRAPHQL_RATE_LIMIT, sent: REAL_GRAPHQL_RATE_LIMIT + BEYOND_LIMIT, limited: 0 };
  for (let n = 0; n < flood.sent; n += 1) {
    const answer = await send(url, '/graphql', {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'x-forwarded-for': `10.${n % 250}.${Math.floor(n / 250)}.1, 203.0.113.9` },
      body: PLAYLISTS,
    });
    if (!isAnswer(answer)) continue;
    onAnswer(answer);
    if (answer.status === 429 && answer.headers['retry-after']) flood.limited += 1;
  }
  return { refusals, shapes, flood };
}

/** The rows; `internalTexts` counts every GraphQL answer of the scenario that gave one away. */
export function graphqlHostileRows(scenario: string, figures: GraphqlHostileFigures, internalTexts: number): Row[] {
  const statuses = new Set(Object.values(figures.refusals));
  const serverErrors = Object.entries(figures.shapes)
    .filter(([, status]) => typeof status !== 'number' || status >= 500)
    .map(([what, status]) => `${what}: ${String(status)}`);
  const { limit, sent, limited } = figures.flood;
  return [
    judged(
      scenario,
      `GraphQL refusals of ${GRAPHQL_REFUSALS.length} kinds (nested literal, tokens, introspection, …)`,
      statuses.size === 1 ? `all ${String([...statuses][0])}` : JSON.stringify(figures.refusals),
      'one status for all',
      statuses.size === 1 && [...statuses].every((status) => typeof status === 'number' && status < 500),
    ),
    judged(
      scenario,
      `GraphQL parameters and operations over GET and POST (${GRAPHQL_SHAPES.length}: variables, mutation, operationName)`,
      serverErrors.length === 0
        ? `statuses ${[...new Set(Object.values(figures.shapes))].join(', ')}`
        : serverErrors.join('; '),
      'no 5xx',
      serverErrors.length === 0,
    ),
    judged(scenario, 'GraphQL answers with an internal error text', internalTexts, '0', internalTexts === 0),
    judged(
      scenario,
      `GraphQL flood from one address: 429 with Retry-After beyond ${limit}`,
      `${limited} of ${sent - limit}`,
      `≥ ${sent - limit - 5}`,
      limited >= sent - limit - 5,
    ),
  ];
}

/** True when a GraphQL answer carries the text of a failure of the server's own. */
export const showsInternalError = (answer: Answer) => INTERNAL_ERROR_TEXT.test(answer.body);
