/**
 * The real app with a browser signed in to its studio through the real sign-in (a software
 * passkey), for the tests of the studio's parts that the artist reaches once signed in.
 */
import type { FastifyInstance } from 'fastify';
import type { BuildOptions } from '../../../server/app.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { openStudioStore } from '../../../server/services/stores/open-studio-store.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { signedInBrowser, type StudioBrowser } from './studio-browser.ts';

/** The studio's address in these apps: the passkeys' origin and the changes' Origin. */
export const STUDIO_ORIGIN = 'https://studio.example';

export interface SignedInApp {
  site: FixtureSite;
  app: FastifyInstance;
  /** A browser signed in as André, the artist. */
  browser: StudioBrowser;
}

/**
 * Before the block's tests: the app over a new fixture site, configured by what `env` answers
 * (it is asked then, once what it names has started) and by `options`, and a browser signed in
 * to its studio, handed to `keep`. After them, the app closed and the site removed.
 */
export function useSignedInApp(
  env: () => Promise<Record<string, string>>,
  keep: (served: SignedInApp) => void | Promise<void>,
  options: BuildOptions = {},
): void {
  let site: FixtureSite | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    site = createFixtureSite();
    const config: Record<string, string> = { STUDIO_ORIGIN, ...(await env()) };
    app = await buildTestApp(site, config, { watchMedia: false, ...options });
    // The app's own database, as `npm run studio -- invite` opens it.
    const people = await openStudioStore({ databaseUrl: config['DATABASE_URL'] ?? null, dataDir: site.dataDir });
    const browser = await signedInBrowser(app, people, STUDIO_ORIGIN, 'André').finally(() => people.close());
    await keep({ site, app, browser });
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    site?.cleanup();
  });
}

/** A route of the studio's API: its method, its URL and, for a change, a body it would take. */
export type StudioRoute = ['GET' | 'POST' | 'DELETE', string, object?];

/**
 * Expects every one of `routes` refused without a session (401, never cached), and every change
 * refused to `browser`, signed in, when it comes from another origin or from none (403).
 */
export async function expectGuarded(app: FastifyInstance, browser: StudioBrowser, routes: StudioRoute[]) {
  for (const [method, url, payload] of routes) {
    const anonymous = await app.inject({
      method,
      url,
      headers: { origin: STUDIO_ORIGIN },
      ...(payload && { payload }),
    });
    expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    if (method === 'GET') continue;
    for (const headers of [{ origin: 'https://evil.example' }, {}]) {
      const foreign = await app.inject({
        method,
        url,
        headers: { ...browser.pageHeaders(), ...headers },
        ...(payload && { payload }),
      });
      expect(foreign.statusCode, `${method} ${url} from ${JSON.stringify(headers)}`).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
    }
  }
}
