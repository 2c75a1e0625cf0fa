/**
 * A studio on a host of its own (STUDIO_ORIGIN apart from PUBLIC_ORIGIN) shares nothing
 * with the public pages: its host serves only the studio, and the site's host sends the studio
 * over to it. On one host both answer as before.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_AUTH_ROUTES } from '../../../src/lib/studio-auth.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

// A site and a studio beside it on a host of its own.
const SITE = 'https://example.com';
const STUDIO = 'https://studio.example.com';
const hostOf = (origin: string) => new URL(origin).host;

let fixture: FixtureSite;
let separate: FastifyInstance;
let shared: FastifyInstance;

beforeAll(async () => {
  fixture = createFixtureSite();
  separate = await buildTestApp(fixture, { STUDIO_ORIGIN: STUDIO, PUBLIC_ORIGIN: SITE });
  shared = await buildTestApp(fixture, { STUDIO_ORIGIN: SITE, PUBLIC_ORIGIN: SITE });
});
afterAll(async () => {
  await separate.close();
  await shared.close();
  fixture.cleanup();
});

describe('a studio on a host of its own', () => {
  it('serves the studio on its host, and sends every public address to the site', async () => {
    const studio = await separate.inject({ url: '/studio', headers: { host: hostOf(STUDIO) } });
    expect(studio.statusCode).not.toBe(308);
    expect(studio.headers['x-robots-tag']).toBe('noindex, nofollow');
    for (const url of ['/pt', '/embed/x', '/api/send-email', '/', '/pt?x=1']) {
      const moved = await separate.inject({ url, headers: { host: hostOf(STUDIO) } });
      expect(moved.statusCode, url).toBe(308);
      expect(moved.headers.location).toBe(`${SITE}${url}`);
    }
  });

  it('sends the studio’s pages over from the site’s host, and never answers its API there', async () => {
    const page = await separate.inject({ url: '/studio/music', headers: { host: hostOf(SITE) } });
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe(`${STUDIO}/studio/music`);
    const api = await separate.inject({ url: STUDIO_AUTH_ROUTES.session, headers: { host: hostOf(SITE) } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await separate.inject({ url: '/pt', headers: { host: hostOf(SITE) } })).statusCode).toBe(200);
  });
});

describe('a studio on the site’s own host', () => {
  it('answers both the studio and the site there', async () => {
    const host = hostOf(SITE);
    expect((await shared.inject({ url: '/pt', headers: { host } })).statusCode).toBe(200);
    const studio = await shared.inject({ url: '/studio', headers: { host } });
    expect(studio.statusCode).not.toBe(308);
    expect(studio.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
