/**
 * The studio's sign-in through the real app (buildApp + app.inject) on real SQLite, with a
 * software passkey authenticator answering the server's real WebAuthn options: the guards on
 * every route, invitations used once within a day, sessions and their lifetimes, the
 * signature counter, sign-out here and everywhere, the rate limit and the headers.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import studioPlugin, { type StudioOptions } from '../../../server/plugins/studio.ts';
import { INVITATION_LIFETIME_MS, STEP_UP_LIFETIME_MS } from '../../../server/services/studio/lifetimes.ts';
import { STUDIO_CSP } from '../../../server/services/studio/studio-http.ts';
import type { StudioStore } from '../../../server/services/studio/studio-store.ts';
import { requestTokenOf } from '../../../server/services/studio/request-token.ts';
import { hashToken, newToken } from '../../../server/services/studio/tokens.ts';
import {
  PASSKEY_NAME_MAX,
  passkeyRoute,
  STUDIO_AUTH_ROUTES,
  STUDIO_REQUEST_TOKEN,
  STUDIO_LANG_COOKIE,
  STUDIO_SECTIONS,
  studioSectionPath,
  type StudioSessionAnswer,
} from '../../../src/lib/studio-auth.ts';
import { startSmtpPeer } from '../../../perf/harness/smtp-peer.ts';
import { PASSKEY_ADDED } from '../../../server/services/contact/mail-texts.ts';
import { buildTestApp, STUDIO_SCRIPT, type FixtureSite } from './fixture-site.ts';
import { useStudioApp } from './studio-app-fixture.ts';
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
useStudioApp(ENV, (served) => {
  ({ site, studioDir, app, store } = served);
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

const GUARDED: ['GET' | 'POST' | 'DELETE', string][] = [
  ['GET', STUDIO_AUTH_ROUTES.session],
  ['POST', STUDIO_AUTH_ROUTES.passkeyOptions],
  ['POST', STUDIO_AUTH_ROUTES.passkeyVerify],
  ['POST', STUDIO_AUTH_ROUTES.stepUpOptions],
  ['POST', STUDIO_AUTH_ROUTES.stepUpVerify],
  ['POST', passkeyRoute(STUDIO_AUTH_ROUTES.passkeyName, 'abc')],
  ['DELETE', passkeyRoute(STUDIO_AUTH_ROUTES.passkey, 'abc')],
  ['POST', STUDIO_AUTH_ROUTES.signOut],
  ['POST', STUDIO_AUTH_ROUTES.signOutEverywhere],
  ['POST', STUDIO_AUTH_ROUTES.keepOnlyProvedPasskey],
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
    const passkey = passkeyRoute(STUDIO_AUTH_ROUTES.passkey, browser.authenticator.credentials[0]?.id ?? '');
    for (const [method, url] of [
      ['POST', STUDIO_AUTH_ROUTES.signInOptions],
      ['POST', STUDIO_AUTH_ROUTES.signOut],
      ['POST', '/studio/api/content'],
      ['POST', STUDIO_AUTH_ROUTES.stepUpOptions],
      ['POST', STUDIO_AUTH_ROUTES.passkeyOptions],
      ['DELETE', passkey],
    ] as const) {
      for (const origin of [undefined, 'https://evil.example', 'http://studio.example', `${ORIGIN}.evil.example`]) {
        const response = await app.inject({
          method,
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
    const signedInOnce = await signedIn();
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
        // Signed in, on the routes that take a passkey's id, a name or an assertion.
        for (const [method, url, payload] of [
          ['POST', passkeyRoute(STUDIO_AUTH_ROUTES.passkeyName, token), { name: response }],
          ['DELETE', passkeyRoute(STUDIO_AUTH_ROUTES.passkey, token), undefined],
          ['POST', STUDIO_AUTH_ROUTES.stepUpVerify, { response }],
          ['POST', STUDIO_AUTH_ROUTES.passkeyVerify, { response, name: token }],
        ] as const) {
          const answer = await signedInOnce.request(method, url, payload);
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

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
    ['identity', (body: Buffer) => body],
  ] as const)(
    'sends its content-hashed scripts %s-encoded as the browser asks, kept privately for a year',
    async (encoding, decode) => {
      const script = await app.inject({ url: '/studio/assets/main-abc.js', headers: { 'accept-encoding': encoding } });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decode(script.rawPayload).toString()).toBe(STUDIO_SCRIPT);
      expect(script.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(script.headers.vary).toMatch(/accept-encoding/i);
      expect(script.headers['x-robots-tag']).toBe('noindex, nofollow');
    },
  );

  it('keeps nothing else of the studio: a missing script is a 404 never stored', async () => {
    const missing = await app.inject({ url: '/studio/assets/gone-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('serves its scripts, answers 404 JSON for anything else, and leaves the public pages as they were', async () => {
    const script = await app.inject('/studio/assets/main-abc.js');
    expect(script.statusCode).toBe(200);
    const missing = await app.inject('/studio/elsewhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const page = await app.inject('/pt');
    expect(page.headers['content-security-policy']).not.toBe(STUDIO_CSP);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.headers['x-robots-tag']).toBeUndefined();
  });
});

describe('a page of the same origin that is not the studio', () => {
  // What a script on a public page (a poisoned embed, say) can send: the artist's cookie goes
  // along and the Origin is the studio's own, but it has no request token.
  const asPublicPage = (browser: StudioBrowser, extra: Record<string, string> = {}) => ({
    origin: ORIGIN,
    cookie: browser.pageHeaders()['cookie'] ?? '',
    ...extra,
  });

  it.each(GUARDED)('%s %s is refused 403 without the session’s request token', async (method, url) => {
    const browser = await signedIn();
    const other = await signedIn();
    const wrongTokens = [
      {},
      { [STUDIO_REQUEST_TOKEN.header]: '' },
      { [STUDIO_REQUEST_TOKEN.header]: requestTokenOf(newToken()) },
      { [STUDIO_REQUEST_TOKEN.header]: other.pageHeaders()[STUDIO_REQUEST_TOKEN.header] ?? '' },
    ];
    for (const token of wrongTokens) {
      const response = await app.inject({ method, url, headers: asPublicPage(browser, token) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'Forbidden', code: 'STUDIO_TOKEN_REQUIRED' });
    }
  });

  it('takes the token in the query for a read only (an event stream, a download), never for a change', async () => {
    const browser = await signedIn();
    const token = browser.pageHeaders()[STUDIO_REQUEST_TOKEN.header] ?? '';
    const query = `?${STUDIO_REQUEST_TOKEN.param}=${encodeURIComponent(token)}`;
    const read = await app.inject({ url: `${STUDIO_AUTH_ROUTES.session}${query}`, headers: asPublicPage(browser) });
    expect(read.statusCode).toBe(200);
    const change = await app.inject({
      method: 'POST',
      url: `${STUDIO_AUTH_ROUTES.signOutEverywhere}${query}`,
      headers: asPublicPage(browser),
    });
    expect(change.statusCode).toBe(403);
    expect((await browser.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(200);
  });

  it('refuses what the browser says came from another site, even with the token', async () => {
    const browser = await signedIn();
    for (const site of ['cross-site', 'same-site']) {
      for (const [method, url] of [
        ['GET', STUDIO_AUTH_ROUTES.session],
        ['POST', STUDIO_AUTH_ROUTES.signOut],
        ['POST', STUDIO_AUTH_ROUTES.signInOptions],
      ] as const) {
        const headers = { ...browser.pageHeaders(), origin: ORIGIN, 'sec-fetch-site': site };
        const response = await app.inject({ method, url, headers });
        expect(response.statusCode, `${method} ${url} from ${site}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
      }
    }
    const typed = { ...browser.pageHeaders(), 'sec-fetch-site': 'none' };
    expect((await app.inject({ url: STUDIO_AUTH_ROUTES.session, headers: typed })).statusCode).toBe(200);
    const posted = await app.inject({
      method: 'POST',
      url: STUDIO_AUTH_ROUTES.signOut,
      headers: { ...browser.pageHeaders(), origin: ORIGIN, 'sec-fetch-site': 'none' },
    });
    expect(posted.statusCode).toBe(403);
  });

  it('names the scripts of the part a signed-in artist opens, to fetch with the page, and none to anyone else', async () => {
    const browser = await signedIn();
    const preloads = async (url: string, headers: Record<string, string>) => {
      const page = await app.inject({ url, headers: { ...headers, 'sec-fetch-dest': 'document' } });
      return [...page.body.matchAll(/<link rel="modulepreload" href="([^"]+)" crossorigin>/g)].map((match) => match[1]);
    };
    const signedInPage = { cookie: browser.pageHeaders()['cookie'] ?? '' };
    expect(await preloads('/studio/', signedInPage)).toEqual([
      '/studio/assets/start-editor.js',
      '/studio/assets/shared-abc.js',
      '/studio/assets/decap-abc.js',
    ]);
    expect(await preloads('/studio/music', signedInPage)).toEqual([
      '/studio/assets/start-music.js',
      '/studio/assets/shared-abc.js',
    ]);
    expect(await preloads('/studio/', {})).toEqual([]);
  });

  it('gets the studio page only by navigating to it, never by a fetch that could read its token', async () => {
    const browser = await signedIn();
    const token = browser.pageHeaders()[STUDIO_REQUEST_TOKEN.header] ?? '';
    for (const destination of ['empty', 'iframe', 'frame', 'object', 'script']) {
      const fetched = await app.inject({
        url: '/studio',
        headers: { ...asPublicPage(browser), 'sec-fetch-dest': destination },
      });
      expect(fetched.statusCode, destination).toBe(403);
      expect(fetched.body).not.toContain(token);
    }
    const navigated = await app.inject({
      url: '/studio/music',
      headers: { ...asPublicPage(browser), 'sec-fetch-dest': 'document' },
    });
    expect(navigated.statusCode).toBe(200);
    expect(navigated.body).toContain(`<meta name="${STUDIO_REQUEST_TOKEN.meta}" content="${token}">`);
    // Not signed in, or a request that does not say it navigates: no token in the page.
    const anonymous = await app.inject({ url: '/studio', headers: { 'sec-fetch-dest': 'document' } });
    expect(anonymous.body).not.toContain(STUDIO_REQUEST_TOKEN.meta);
    const unsaid = await app.inject({ url: '/studio', headers: asPublicPage(browser) });
    expect(unsaid.statusCode).toBe(200);
    expect(unsaid.body).not.toContain(token);
  });

  it('answers in another browsing context group than the public pages, and is never framed', async () => {
    for (const url of ['/studio', STUDIO_AUTH_ROUTES.session]) {
      const response = await app.inject(url);
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    expect((await app.inject('/pt')).headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('invitations', () => {
  it('registers a passkey once, starts a session in a strict cookie, and lists the passkey', async () => {
    const token = await invitation('Ana Lúcia');
    const browser = new Browser();
    const first = await browser.register(token);
    expect(first.statusCode).toBe(200);
    // No request token in an answer: a script that made the artist sign in would read it.
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
    const after = browser.cookies.get('studio_session');
    // No request token in the answer: the page is loaded again to get it.
    expect(response.json()).toEqual({ person: { name: expect.stringMatching(/^Person /) as string } });
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

  it('refuses a passkey that does not verify its user, at every ceremony', async () => {
    const token = await invitation('Touch only');
    const keyWithoutPin = new Browser();
    keyWithoutPin.authenticator.verifiesUser = false;
    const registered = await keyWithoutPin.register(token);
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });

    const browser = await signedIn();
    browser.authenticator.verifiesUser = false;
    for (const answer of [await browser.signIn(), await browser.stepUp()]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
    }
    const options = await browser.request('POST', STUDIO_AUTH_ROUTES.signInOptions);
    expect(options.json<{ options: PublicKeyCredentialRequestOptionsJSON }>().options.userVerification).toBe(
      'required',
    );
  });
});

describe('adding a passkey', () => {
  /** How many passkeys the person signed in on `browser` has. */
  const passkeyCount = async (browser: StudioBrowser) =>
    (await browser.request('GET', STUDIO_AUTH_ROUTES.session)).json<StudioSessionAnswer>().passkeys.length;

  it('never with a stolen session value alone', async () => {
    const victim = await signedIn();
    const thief = new Browser();
    thief.cookies.set('studio_session', victim.cookies.get('studio_session') ?? '');
    expect((await thief.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(200);

    const refused = await thief.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    // A registration made up without the server's challenge.
    const made = thief.authenticator.create({
      challenge: newToken(),
      rp: { id: 'studio.example', name: 'Studio' },
      user: { id: newToken(), name: 'thief', displayName: 'thief' },
      pubKeyCredParams: [],
    });
    const forged = await thief.request('POST', STUDIO_AUTH_ROUTES.passkeyVerify, { response: made });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'CHALLENGE_EXPIRED' });
    // The thief's own passkey (of another person) proves nothing about the victim.
    const other = await signedIn();
    thief.authenticator.credentials.push(...other.authenticator.credentials);
    const stepUp = await thief.stepUp();
    expect(stepUp.statusCode).toBe(400);
    expect(stepUp.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
    expect((await thief.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions)).statusCode).toBe(403);
    expect(await passkeyCount(victim)).toBe(1);
  });

  it('after a step-up used once, bound to its session, and only within its lifetime', async () => {
    const phone = await signedIn();
    const laptop = new Browser();
    laptop.authenticator.credentials.push(...phone.authenticator.credentials);
    expect((await laptop.signIn()).statusCode).toBe(200);

    // The phone's step-up challenge, answered by the laptop's session: refused.
    const options = await phone.request('POST', STUDIO_AUTH_ROUTES.stepUpOptions);
    const request = options.json<{ options: PublicKeyCredentialRequestOptionsJSON }>().options;
    expect(request.allowCredentials?.map((allowed) => allowed.id)).toEqual([phone.authenticator.credentials[0]?.id]);
    laptop.cookies.set('studio_challenge', phone.cookies.get('studio_challenge') ?? '');
    const crossed = await laptop.request('POST', STUDIO_AUTH_ROUTES.stepUpVerify, {
      response: laptop.authenticator.get(request),
    });
    expect(crossed.json()).toMatchObject({ code: 'CHALLENGE_EXPIRED' });
    expect((await laptop.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions)).statusCode).toBe(403);
    expect((await phone.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions)).statusCode).toBe(403);

    // Used once.
    expect((await phone.stepUp()).statusCode).toBe(200);
    expect((await phone.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions)).statusCode).toBe(200);
    expect((await phone.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions)).statusCode).toBe(403);

    // Too old.
    const session = hashToken(phone.cookies.get('studio_session') ?? '');
    await store.recordStepUp(session, phone.authenticator.credentials[0]?.id ?? '', Date.now() - STEP_UP_LIFETIME_MS);
    expect((await phone.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions)).statusCode).toBe(403);
  });

  it('adds a named second passkey after a step-up; both then sign in', async () => {
    const browser = await signedIn();
    const added = await browser.addPasskey('  Laptop  ');
    expect(added.statusCode).toBe(200);
    expect(added.json<StudioSessionAnswer>().passkeys).toMatchObject([
      { name: null, current: true },
      { name: 'Laptop', current: false, lastUsedAt: null },
    ]);
    for (const credential of browser.authenticator.credentials)
      expect((await browser.signIn(credential)).statusCode).toBe(200);
  });
});

describe('the passkeys of a signed-in person', () => {
  it('names one, in one line of text only, and never another person’s', async () => {
    const browser = await signedIn();
    const [own] = (await browser.request('GET', STUDIO_AUTH_ROUTES.session)).json<StudioSessionAnswer>().passkeys;
    const route = passkeyRoute(STUDIO_AUTH_ROUTES.passkeyName, own?.id ?? '');
    for (const name of ['a\u202Eb', 'two\nlines', 'x'.repeat(PASSKEY_NAME_MAX + 1)]) {
      const refused = await browser.request('POST', route, { name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    }
    const named = await browser.request('POST', route, { name: 'Telefone' });
    expect(named.json<StudioSessionAnswer>().passkeys[0]?.name).toBe('Telefone');
    expect((await browser.request('POST', route, { name: ' ' })).json<StudioSessionAnswer>().passkeys[0]?.name).toBe(
      null,
    );

    const stranger = await signedIn();
    const theirs = await stranger.request('POST', route, { name: 'Mine now' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('removes one after a step-up: it signs in no more, and the sessions made with it end', async () => {
    const phone = await signedIn();
    expect((await phone.addPasskey()).statusCode).toBe(200);
    const [first, second] = phone.authenticator.credentials;
    const laptop = new Browser();
    laptop.authenticator.credentials.push(...phone.authenticator.credentials);
    expect((await laptop.signIn(second)).statusCode).toBe(200);
    expect((await phone.signIn(first)).statusCode).toBe(200);

    const route = passkeyRoute(STUDIO_AUTH_ROUTES.passkey, second?.id ?? '');
    const unproved = await phone.request('DELETE', route);
    expect(unproved.statusCode).toBe(403);
    expect(unproved.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });

    expect((await phone.stepUp(first)).statusCode).toBe(200);
    const removed = await phone.request('DELETE', route);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<StudioSessionAnswer>().passkeys.map((passkey) => passkey.id)).toEqual([first?.id]);
    expect((await laptop.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(401);
    const again = await laptop.signIn(second);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
    expect((await phone.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(200);

    // The last one stays: without it the person could never sign in again.
    expect((await phone.stepUp(first)).statusCode).toBe(200);
    const last = await phone.request('DELETE', passkeyRoute(STUDIO_AUTH_ROUTES.passkey, first?.id ?? ''));
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_PASSKEY' });
    expect((await phone.signIn(first)).statusCode).toBe(200);
  });

  it('never removes another person’s passkey', async () => {
    const owner = await signedIn();
    const attacker = await signedIn();
    expect((await attacker.addPasskey()).statusCode).toBe(200);
    expect((await attacker.stepUp()).statusCode).toBe(200);
    const theirs = passkeyRoute(STUDIO_AUTH_ROUTES.passkey, owner.authenticator.credentials[0]?.id ?? '');
    const refused = await attacker.request('DELETE', theirs);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner.signIn()).statusCode).toBe(200);
  });

  it('signs out everywhere, keeping the passkeys unless asked to remove all but the one proved', async () => {
    const phone = await signedIn();
    expect((await phone.addPasskey()).statusCode).toBe(200);
    const [first, second] = phone.authenticator.credentials;
    const everywhere = await phone.request('POST', STUDIO_AUTH_ROUTES.signOutEverywhere);
    expect(everywhere.json()).toEqual({ signedOut: true });
    expect((await phone.signIn(second)).statusCode).toBe(200);

    const unproved = await phone.request('POST', STUDIO_AUTH_ROUTES.keepOnlyProvedPasskey);
    expect(unproved.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    expect((await phone.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(200);

    expect((await phone.stepUp(first)).statusCode).toBe(200);
    const cleared = await phone.request('POST', STUDIO_AUTH_ROUTES.keepOnlyProvedPasskey);
    expect(cleared.json()).toEqual({ signedOut: true, passkeysRemoved: 1 });
    expect((await phone.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(401);
    expect((await phone.signIn(second)).json()).toMatchObject({ code: 'PASSKEY_REJECTED' });
    expect((await phone.signIn(first)).statusCode).toBe(200);
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

/** The studio's configuration over the test's site, for the plugin on a Fastify of its own. */
const ownConfig = () => loadConfig({ ...ENV, DATA_DIR: site.dataDir, STUDIO_DIR: studioDir, LOG_LEVEL: 'silent' });

/** The studio plugin alone on a Fastify of its own, with cookies, over the test's site. */
async function studioOnItsOwn(options: Omit<StudioOptions, 'config' | 'redis'>): Promise<FastifyInstance> {
  const own = Fastify();
  await own.register(cookie);
  await own.register(studioPlugin, { config: ownConfig(), redis: null, ...options });
  return own;
}

describe('routes other parts add', () => {
  it('run only signed in, see the person, and must lie under /studio/api/', async () => {
    const own = await studioOnItsOwn({
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
        config: ownConfig(),
        redis: null,
        routes: [(scope) => scope.get('/api/elsewhere', async () => ({}))],
      }),
    ).rejects.toThrow(/must lie under \/studio\/api\//);
    await outside.close();
  });
});

describe('the studio in the background', () => {
  it('deletes expired sessions on a timer, though never presented again', async () => {
    const own = await studioOnItsOwn({ sweepEveryMs: 25 });
    try {
      const browser = await signedIn();
      const credential = browser.authenticator.credentials[0]?.id ?? '';
      const person = (await store.passkey(credential))?.person;
      const forgotten = hashToken(newToken());
      await store.startSession(person?.id ?? 0, forgotten, Date.now() - IDLE_MS - 1, credential);
      expect(await store.sessionPasskey(forgotten)).toBe(credential);
      await expect.poll(() => store.sessionPasskey(forgotten), { timeout: 5_000 }).toBeNull();
      // A live session is left alone.
      expect((await browser.request('GET', STUDIO_AUTH_ROUTES.session)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('announces a new passkey by mail in the studio’s language, with no text anyone typed', async () => {
    const smtp = await startSmtpPeer();
    const mailing = await buildTestApp(site, {
      ...ENV,
      STUDIO_DIR: studioDir,
      SMTP_URL: smtp.url,
      MAIL_TO: 'artist@example.com',
      MAIL_FROM: 'Site <no-reply@example.com>',
    });
    try {
      const browser = await signedInBrowser(mailing, store, ORIGIN, 'Mailed');
      expect(await store.setEmail('Mailed', 'mailed@example.org')).toBe(true);
      browser.cookies.set(STUDIO_LANG_COOKIE, 'es');
      const added = await browser.addPasskey('<script>alert(1)</script> http://evil.example');
      expect(added.statusCode).toBe(200);
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
      const [mail] = smtp.received;
      expect(mail?.recipients).toEqual(['mailed@example.org']);
      expect(mail?.parsed.subject).toBe(PASSKEY_ADDED.es.subject);
      expect(mail?.parsed.text).toContain(`${ORIGIN}/studio/`);
      expect(mail?.raw).not.toMatch(/script|evil|Mailed/);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
