/**
 * The studio's sign-in through the real app (buildApp + app.inject) on real SQLite, with a
 * software passkey authenticator answering the server's real WebAuthn options: the guards on
 * every route, invitations used once within a day, sessions and their lifetimes, the
 * signature counter, sign-out here and everywhere, the rate limit and the headers.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import studioPlugin from '../../../server/plugins/studio.ts';
import { INVITATION_LIFETIME_MS } from '../../../server/services/studio/lifetimes.ts';
import { STUDIO_CSP } from '../../../server/services/studio/studio-http.ts';
import type { StudioStore } from '../../../server/services/studio/studio-store.ts';
import { hashToken, newToken } from '../../../server/services/studio/tokens.ts';
import { openSqliteStudioStore } from '../../../server/services/stores/studio-sqlite.ts';
import { STUDIO_AUTH_ROUTES, STUDIO_SECTIONS, studioSectionPath } from '../../../src/lib/studio-auth.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { invite, signedInBrowser, StudioBrowser } from './studio-browser.ts';

const ORIGIN = 'https://studio.example';
const IDLE_MS = 3_600_000;
const ABSOLUTE_MS = 5_000_000;
const ENV = {
  STUDIO_ORIGIN: ORIGIN,
  STUDIO_SESSION_IDLE_MS: String(IDLE_MS),
  STUDIO_SESSION_ABSOLUTE_MS: String(ABSOLUTE_MS),
  STUDIO_AUTH_RATE_LIMIT: '1000',
};

let site: FixtureSite;
let studioDir: string;
let app: FastifyInstance;
let store: StudioStore;

beforeAll(async () => {
  site = createFixtureSite();
  studioDir = join(site.dir, '..', `${site.dir.split('/').at(-1) ?? ''}-studio`);
  mkdirSync(join(studioDir, 'assets'), { recursive: true });
  writeFileSync(join(studioDir, 'index.html'), '<!doctype html><title>Estúdio</title>');
  writeFileSync(join(studioDir, 'assets', 'main-abc.js'), 'export {};');
  app = await buildTestApp(site, { ...ENV, STUDIO_DIR: studioDir });
  // A second connection to the app's own database, as `npm run studio` opens it.
  store = await openSqliteStudioStore(site.dataDir);
});
afterAll(async () => {
  await store.close();
  await app.close();
  site.cleanup();
  rmSync(studioDir, { recursive: true, force: true });
});

/** A browser on the studio's app. */
class Browser extends StudioBrowser {
  constructor(server: FastifyInstance = app) {
    super(server, ORIGIN);
  }
}

/** A new invitation for `name`, as `npm run studio -- invite` makes it. */
const invitation = (name: string, now = Date.now()) => invite(store, name, now);

let people = 0;
/** A browser signed in as a new person. */
const signedIn = (): Promise<StudioBrowser> => signedInBrowser(app, store, ORIGIN, `Person ${(people += 1)}`);

const GUARDED: ['GET' | 'POST', string][] = [
  ['GET', STUDIO_AUTH_ROUTES.session],
  ['POST', STUDIO_AUTH_ROUTES.passkeyOptions],
  ['POST', STUDIO_AUTH_ROUTES.passkeyVerify],
  ['POST', STUDIO_AUTH_ROUTES.signOut],
  ['POST', STUDIO_AUTH_ROUTES.signOutEverywhere],
  ['POST', '/studio/api/content'],
  ['GET', '/studio/api/publish/state'],
  ['GET', '/studio/api/'],
];

describe('the guards of /studio/api/', () => {
  it.each(GUARDED)('%s %s answers 401 JSON without a session, and with a forged one', async (method, url) => {
    for (const cookies of ['', `studio_session=${newToken()}`, 'studio_session=not-a-token']) {
      const response = await app.inject({ method, url, headers: { origin: ORIGIN, cookie: cookies } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'Unauthorized', code: 'SESSION_REQUIRED' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('refuses a change without Origin or from another one with 403, even signed in', async () => {
    const browser = await signedIn();
    const cookies = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const url of [STUDIO_AUTH_ROUTES.signInOptions, STUDIO_AUTH_ROUTES.signOut, '/studio/api/content']) {
      for (const origin of [undefined, 'https://evil.example', 'http://studio.example', `${ORIGIN}.evil.example`]) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { cookie: cookies, ...(origin && { origin }) },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'Forbidden', code: 'ORIGIN_REFUSED' });
      }
    }
    expect((await browser.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(200);
  });

  it('answers a signed-in person 404 JSON for a route nobody added', async () => {
    const browser = await signedIn();
    const response = await browser.request('POST', '/studio/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses malformed bodies of any text with 4xx JSON and a code, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 80 }), fc.jsonValue(), async (token, response) => {
        for (const [url, payload] of [
          [STUDIO_AUTH_ROUTES.invitationOptions, { token }],
          [STUDIO_AUTH_ROUTES.invitationVerify, { token, response }],
          [STUDIO_AUTH_ROUTES.signInVerify, { response }],
        ] as const) {
          const answer = await app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
          expect(answer.statusCode).toBeGreaterThanOrEqual(400);
          expect(answer.statusCode).toBeLessThan(500);
          expect(answer.json<{ code: string }>().code).toMatch(/^[A-Z_]+$/);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the studio page', () => {
  it.each(['/studio', '/studio/', ...STUDIO_SECTIONS.map(studioSectionPath)])(
    '%s is the studio page with its own policy, never stored or indexed',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Estúdio');
      expect(response.headers['content-security-policy']).toBe(STUDIO_CSP);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    },
  );

  it('serves its scripts, answers 404 JSON for anything else, and leaves the public pages as they were', async () => {
    const script = await app.inject('/studio/assets/main-abc.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('no-store');
    const missing = await app.inject('/studio/elsewhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const page = await app.inject('/pt');
    expect(page.headers['content-security-policy']).not.toBe(STUDIO_CSP);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.headers['x-robots-tag']).toBeUndefined();
  });
});

describe('invitations', () => {
  it('registers a passkey once, starts a session in a strict cookie, and lists the passkey', async () => {
    const token = await invitation('Ana Lúcia');
    const browser = new Browser();
    const first = await browser.register(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ person: { name: 'Ana Lúcia' } });
    const session = first.cookies.find((set) => set.name === 'studio_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/studio', secure: true });
    // The database holds only the token's hash.
    expect(await store.session(hashToken(session?.value ?? ''), { idleMs: IDLE_MS, absoluteMs: ABSOLUTE_MS })).toEqual(
      expect.objectContaining({ name: 'Ana Lúcia' }),
    );

    const answer = await browser.request('GET', STUDIO_AUTH_ROUTES.session);
    expect(answer.json()).toMatchObject({
      person: { name: 'Ana Lúcia' },
      passkeys: [{ id: browser.authenticator.credentials[0]?.id, lastUsedAt: null }],
    });

    const again = await new Browser().request('POST', STUDIO_AUTH_ROUTES.invitationOptions, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'INVITATION_INVALID' });
  });

  it('refuses an invitation a day old, and one never given', async () => {
    const late = await invitation('Late', Date.now() - INVITATION_LIFETIME_MS - 1);
    for (const token of [late, newToken()]) {
      const response = await new Browser().request('POST', STUDIO_AUTH_ROUTES.invitationOptions, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'INVITATION_INVALID' });
    }
  });

  it('answers a challenge once: a replayed registration is refused', async () => {
    const token = await invitation('Replay');
    const browser = new Browser();
    const options = await browser.request('POST', STUDIO_AUTH_ROUTES.invitationOptions, { token });
    const challengeCookie = browser.cookies.get('studio_challenge') ?? '';
    const body = {
      token,
      response: browser.authenticator.create(
        options.json<{ options: PublicKeyCredentialCreationOptionsJSON }>().options,
      ),
    };
    expect((await browser.request('POST', STUDIO_AUTH_ROUTES.invitationVerify, body)).statusCode).toBe(200);
    browser.cookies.set('studio_challenge', challengeCookie);
    const replay = await browser.request('POST', STUDIO_AUTH_ROUTES.invitationVerify, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'CHALLENGE_EXPIRED' });
  });
});

describe('signing in', () => {
  it('signs in with a discoverable passkey under a new session token, ending the old one', async () => {
    const browser = await signedIn();
    const before = browser.cookies.get('studio_session') ?? '';
    const response = await browser.signIn();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ person: { name: expect.stringMatching(/^Person /) as string } });
    const after = browser.cookies.get('studio_session');
    expect(after).not.toBe(before);
    const stale = await app.inject({ url: STUDIO_AUTH_ROUTES.session, cookies: { studio_session: before } });
    expect(stale.statusCode).toBe(401);
    const session = await browser.request('GET', STUDIO_AUTH_ROUTES.session);
    expect(session.json<{ passkeys: { lastUsedAt: string | null }[] }>().passkeys[0]?.lastUsedAt).not.toBeNull();
  });

  it('refuses a signature whose counter did not grow (a cloned passkey)', async () => {
    const browser = await signedIn();
    expect((await browser.signIn()).statusCode).toBe(200);
    const credential = browser.authenticator.credentials[0];
    if (credential) credential.counter = 0;
    const clone = await browser.signIn();
    expect(clone.statusCode).toBe(400);
    expect(clone.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
  });

  it('refuses a passkey whose person was removed', async () => {
    const browser = new Browser();
    expect((await browser.register(await invitation('Gone'))).statusCode).toBe(200);
    await store.removePerson('Gone');
    expect((await browser.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(401);
    expect((await browser.signIn()).json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
  });

  it('adds a second passkey once signed in; both then sign in', async () => {
    const browser = await signedIn();
    const options = await browser.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions);
    const creation = options.json<{ options: PublicKeyCredentialCreationOptionsJSON }>().options;
    expect(creation.excludeCredentials?.map((excluded) => excluded.id)).toEqual([
      browser.authenticator.credentials[0]?.id,
    ]);
    const added = await browser.request('POST', STUDIO_AUTH_ROUTES.passkeyVerify, {
      response: browser.authenticator.create(creation),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<{ passkeys: unknown[] }>().passkeys).toHaveLength(2);
    for (const credential of browser.authenticator.credentials) {
      const signIn = await browser.request('POST', STUDIO_AUTH_ROUTES.signInOptions);
      const request = signIn.json<{ options: PublicKeyCredentialRequestOptionsJSON }>().options;
      const verified = await browser.request('POST', STUDIO_AUTH_ROUTES.signInVerify, {
        response: browser.authenticator.get(request, credential),
      });
      expect(verified.statusCode).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('signing out ends this session only; signing out everywhere ends them all', async () => {
    const phone = await signedIn();
    const laptop = new Browser();
    laptop.authenticator.credentials.push(...phone.authenticator.credentials);
    expect((await laptop.signIn()).statusCode).toBe(200);
    const tablet = new Browser();
    tablet.authenticator.credentials.push(...phone.authenticator.credentials);
    expect((await tablet.signIn()).statusCode).toBe(200);

    const out = await phone.request('POST', STUDIO_AUTH_ROUTES.signOut);
    expect(out.statusCode).toBe(200);
    expect(phone.cookies.has('studio_session')).toBe(false);
    expect((await laptop.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(200);

    expect((await laptop.request('POST', STUDIO_AUTH_ROUTES.signOutEverywhere)).statusCode).toBe(200);
    expect((await tablet.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(401);
  });

  it('ends a session idle too long, and one too old however busy', async () => {
    const [person] = await store.people().then((all) => all.filter((listed) => listed.passkeys.length > 0));
    const found = person && (await store.personNamed(person.name));
    if (!found) throw new Error('no person');
    const lifetimes = { idleMs: IDLE_MS, absoluteMs: ABSOLUTE_MS };
    const now = Date.now();

    const idle = newToken();
    await store.startSession(found.id, hashToken(idle), now - IDLE_MS - 1_000);
    const old = newToken();
    await store.startSession(found.id, hashToken(old), now - ABSOLUTE_MS - 1_000);
    // Used recently, so only its age ends it.
    expect(await store.session(hashToken(old), lifetimes, now - IDLE_MS / 2)).not.toBeNull();

    for (const token of [idle, old]) {
      const response = await app.inject({ url: STUDIO_AUTH_ROUTES.session, cookies: { studio_session: token } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past the sign-in attempts a minute from one address', async () => {
    const limited = await buildTestApp(site, { ...ENV, STUDIO_AUTH_RATE_LIMIT: '3', STUDIO_DIR: studioDir });
    try {
      const browser = new Browser(limited);
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await browser.request('POST', STUDIO_AUTH_ROUTES.signInOptions)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await browser.request('POST', STUDIO_AUTH_ROUTES.invitationOptions, { token: newToken() });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('routes other parts add', () => {
  it('run only signed in, see the person, and must lie under /studio/api/', async () => {
    const config = loadConfig({ ...ENV, DATA_DIR: site.dataDir, STUDIO_DIR: studioDir, LOG_LEVEL: 'silent' });
    const own = Fastify();
    await own.register(cookie);
    await own.register(studioPlugin, {
      config,
      redis: null,
      routes: [
        (scope) =>
          scope.register(async (content) => {
            content.get('/studio/api/whoami', async (request) => ({ name: request.studioPerson?.name }));
          }),
      ],
    });
    const browser = new Browser(own);
    expect((await browser.request('GET', '/studio/api/whoami')).statusCode).toBe(401);
    expect((await browser.register(await invitation('Added'))).statusCode).toBe(200);
    expect((await browser.request('GET', '/studio/api/whoami')).json()).toEqual({ name: 'Added' });
    await own.close();

    const outside = Fastify();
    await outside.register(cookie);
    await expect(
      outside.register(studioPlugin, {
        config,
        redis: null,
        routes: [(scope) => scope.get('/api/elsewhere', async () => ({}))],
      }),
    ).rejects.toThrow(/must lie under \/studio\/api\//);
    await outside.close();
  });
});
