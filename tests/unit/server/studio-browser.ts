/**
 * A browser on the studio, for tests through `app.inject`: its cookies kept between requests,
 * the studio's Origin on every change, and a software passkey answering the server's real
 * WebAuthn options. `signedInBrowser` invites a person as `npm run studio -- invite` does and
 * registers their passkey, so the test goes through the studio's real sign-in and guards.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StudioStore } from '../../../server/services/studio/studio-store.ts';
import { hashToken, newToken } from '../../../server/services/studio/tokens.ts';
import { requestTokenOf } from '../../../server/services/studio/request-token.ts';
import { SESSION_COOKIE } from '../../../server/services/studio/studio-http.ts';
import { STUDIO_AUTH_ROUTES, STUDIO_REQUEST_TOKEN } from '../../../src/lib/studio-auth.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

export class StudioBrowser {
  readonly cookies = new Map<string, string>();
  readonly authenticator: SoftAuthenticator;
  private readonly server: FastifyInstance;
  private readonly origin: string;

  constructor(server: FastifyInstance, origin: string) {
    this.server = server;
    this.origin = origin;
    this.authenticator = new SoftAuthenticator(origin);
  }

  async request(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> {
    const options: InjectOptions = {
      method,
      url,
      headers: { ...(method !== 'GET' && { origin: this.origin }), ...this.pageHeaders() },
      ...(payload && { payload }),
    };
    const response = await this.server.inject(options);
    for (const set of response.cookies) {
      if (set.maxAge === 0 || set.value === '') this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  /**
   * What the studio's page sends with every call: its cookies and, once signed in, its
   * session's request token.
   */
  pageHeaders(): Record<string, string> {
    const session = this.cookies.get(SESSION_COOKIE);
    return {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(session && { [STUDIO_REQUEST_TOKEN.header]: requestTokenOf(session) }),
    };
  }

  /** Registers a passkey from an invitation token and is signed in. */
  async register(token: string): Promise<LightMyRequestResponse> {
    const options = await this.request('POST', STUDIO_AUTH_ROUTES.invitationOptions, { token });
    expect(options.statusCode).toBe(200);
    const { options: creation } = options.json<{ options: PublicKeyCredentialCreationOptionsJSON }>();
    return this.request('POST', STUDIO_AUTH_ROUTES.invitationVerify, {
      token,
      response: this.authenticator.create(creation),
    });
  }

  async signIn(credential = this.authenticator.credentials.at(-1)): Promise<LightMyRequestResponse> {
    return this.assert(STUDIO_AUTH_ROUTES.signInOptions, STUDIO_AUTH_ROUTES.signInVerify, credential);
  }

  /** Proves a passkey again while signed in (a step-up): the next change of passkeys is allowed. */
  async stepUp(credential = this.authenticator.credentials.at(-1)): Promise<LightMyRequestResponse> {
    return this.assert(STUDIO_AUTH_ROUTES.stepUpOptions, STUDIO_AUTH_ROUTES.stepUpVerify, credential);
  }

  /** Asks `optionsRoute` for a challenge and answers it to `verifyRoute` with `credential`. */
  private async assert(
    optionsRoute: string,
    verifyRoute: string,
    credential: SoftAuthenticator['credentials'][number] | undefined,
  ): Promise<LightMyRequestResponse> {
    const options = await this.request('POST', optionsRoute);
    expect(options.statusCode).toBe(200);
    const { options: request } = options.json<{ options: PublicKeyCredentialRequestOptionsJSON }>();
    return this.request('POST', verifyRoute, { response: this.authenticator.get(request, credential) });
  }

  /** Adds a passkey the authenticator creates now, after a step-up with its latest one; the add's answer. */
  async addPasskey(name?: string): Promise<LightMyRequestResponse> {
    expect((await this.stepUp()).statusCode).toBe(200);
    const options = await this.request('POST', STUDIO_AUTH_ROUTES.passkeyOptions);
    expect(options.statusCode).toBe(200);
    const { options: creation } = options.json<{ options: PublicKeyCredentialCreationOptionsJSON }>();
    return this.request('POST', STUDIO_AUTH_ROUTES.passkeyVerify, {
      response: this.authenticator.create(creation),
      ...(name !== undefined && { name }),
    });
  }
}

/** A new invitation for `name` in `store`, as `npm run studio -- invite` makes it. */
export async function invite(store: StudioStore, name: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await store.invite(name, hashToken(token), now);
  return token;
}

/** A browser on `app` signed in as the new person `name`. */
export async function signedInBrowser(
  app: FastifyInstance,
  store: StudioStore,
  origin: string,
  name: string,
): Promise<StudioBrowser> {
  const browser = new StudioBrowser(app, origin);
  const response = await browser.register(await invite(store, name));
  expect(response.statusCode).toBe(200);
  return browser;
}
