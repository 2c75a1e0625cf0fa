/**
 * The GraphQL error formatter on failures of the server's own, which the app's guards leave
 * no way to cause from outside: a Mercurius endpoint configured with it, whose resolver and
 * hook fail as graphql-js's parser once did on a 7.6 KB nested literal (a stack overflow).
 */
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatErrors, INTERNAL_ERROR } from '../../../server/services/graphql/errors.ts';

/** Mercurius's wrapper for parse and validation errors, which carried the parser's RangeError. */
const { MER_ERR_GQL_VALIDATION } = createRequire(import.meta.url)('mercurius/lib/errors.js') as {
  MER_ERR_GQL_VALIDATION: new () => Error & { errors?: unknown[] };
};

let app: FastifyInstance;
const logged: unknown[] = [];

beforeAll(async () => {
  app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
  await app.register(mercurius, {
    schema: 'type Query { broken: String, fine: String }',
    resolvers: {
      Query: {
        broken: () => {
          throw new TypeError(`Cannot read properties of undefined (reading 'x') at /srv/server/routes/graphql.ts:1`);
        },
        fine: () => 'yes',
      },
    },
    errorFormatter: formatErrors,
  });
  app.graphql.addHook('preValidation', (_schema, document) => {
    const text = JSON.stringify(document);
    if (text.includes('thrown')) throw new RangeError('Maximum call stack size exceeded');
    if (text.includes('wrapped')) {
      const error = new MER_ERR_GQL_VALIDATION();
      error.errors = [new RangeError('Maximum call stack size exceeded')];
      throw error;
    }
    return Promise.resolve();
  });
});
afterAll(() => app.close());

const post = (query: string) => app.inject({ method: 'POST', url: '/graphql', payload: { query } });

it('hides a resolver failure behind a field error, keeping the rest of the answer', async () => {
  const response = await post('{ broken fine }');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    data: { broken: null, fine: 'yes' },
    errors: [{ message: INTERNAL_ERROR, path: ['broken'] }],
  });
  expect(JSON.stringify(logged)).toContain('/srv/server/routes/graphql.ts');
});

it.each(['thrown', 'wrapped'])(
  'answers a failure before the query runs (%s) with 500 and no text of it',
  async (how) => {
    logged.length = 0;
    const response = await post(`{ ${how}: fine }`);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ data: null, errors: [{ message: INTERNAL_ERROR }] });
    expect(JSON.stringify(logged)).toContain('Maximum call stack size exceeded');
  },
);
