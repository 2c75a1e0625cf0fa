/**
 * The GraphQL over HTTP specification's own audit (`auditServer` of graphql-http, the
 * reference implementation) against the real server listening on a port. Its cases query
 * `__type`, so this one instance runs with introspection on (NODE_ENV=development); production
 * refuses introspection on purpose.
 */
import type { FastifyInstance } from 'fastify';
import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGraphqlResponse, wantsGraphqlResponseJson } from '../../../server/services/graphql-over-http.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

let site: FixtureSite;
let app: FastifyInstance;
let results: AuditResult[];

beforeAll(async () => {
  site = createFixtureSite();
  app = await buildTestApp(site, { NODE_ENV: 'development' });
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
