/**
 * The studio's routes that answer without a session: registering a first passkey from an
 * invitation, and signing in with a passkey. Each is rate limited per client address.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { STUDIO_AUTH_ROUTES } from '../../src/lib/studio-auth.ts';
import { MINUTE_MS, type ClientRateLimitOptions } from '../services/http/request-limits.ts';
import {
  AUTHENTICATION_BODY,
  INVITATION_BODY,
  INVITATION_VERIFY_BODY,
  type AuthenticationBody,
  type InvitationBody,
  type InvitationVerifyBody,
} from '../services/studio/auth-schemas.ts';
import {
  authenticationOptions,
  registrationOptions,
  verifiedRegistration,
  type RelyingParty,
} from '../services/studio/passkeys.ts';
import { provenPasskey } from '../services/studio/proven-passkey.ts';
import { issueChallenge, startSession, takeChallenge, type CookieJar } from '../services/studio/studio-cookies.ts';
import { refuse } from '../services/studio/studio-http.ts';
import { hashToken, newToken, sameHash } from '../services/studio/tokens.ts';

/** The per-client limit counts sign-in attempts and invitation look-ups together. */
export interface SignInRoutesOptions extends ClientRateLimitOptions {
  jar: CookieJar;
  rp: RelyingParty;
}

const INVITATION_INVALID = 'This invitation link is not valid any more. Ask for a new one.';
const CHALLENGE_EXPIRED = 'This took too long. Please try again.';
const PASSKEY_REJECTED = 'This passkey was not accepted.';

const signInRoutes: FastifyPluginAsync<SignInRoutesOptions> = async (app, { jar, rp, perClientPerMinute, redis }) => {
  const { store } = jar;

  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: 'studio-' }),
    // Redis down: sign-in still works (the log says why); passkeys cannot be guessed anyway.
    skipOnError: true,
  });
  const limit = app.createRateLimit({ max: perClientPerMinute, timeWindow: MINUTE_MS });
  app.addHook('onRequest', async (request, reply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return undefined;
    reply.header('Retry-After', result.ttlInSeconds);
    return refuse(reply, 429, 'RATE_LIMITED', `Too many attempts. Please try again in ${result.ttlInSeconds} seconds.`);
  });

  app.post<{ Body: InvitationBody }>(
    STUDIO_AUTH_ROUTES.invitationOptions,
    { schema: { body: INVITATION_BODY } },
    async (request, reply) => {
      const tokenHash = hashToken(request.body.token);
      const name = await store.invitation(tokenHash);
      if (name === null) return refuse(reply, 404, 'INVITATION_INVALID', INVITATION_INVALID);
      // The person's WebAuthn handle is chosen now and travels with the challenge, so the
      // passkey is registered under the handle their later passkeys share.
      const userHandle = newToken();
      const options = await registrationOptions(rp, name, userHandle);
      await issueChallenge(jar, reply, {
        challenge: options.challenge,
        purpose: 'invitation',
        subject: JSON.stringify({ tokenHash, userHandle }),
      });
      return { name, options };
    },
  );

  app.post<{ Body: InvitationVerifyBody }>(
    STUDIO_AUTH_ROUTES.invitationVerify,
    { schema: { body: INVITATION_VERIFY_BODY } },
    async (request, reply) => {
      const pending = await takeChallenge(jar, request, reply, 'invitation');
      if (!pending) return refuse(reply, 400, 'CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
      const tokenHash = hashToken(request.body.token);
      const subject = JSON.parse(pending.subject) as { tokenHash: string; userHandle: string };
      if (!sameHash(subject.tokenHash, tokenHash)) return refuse(reply, 400, 'CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
      const passkey = await verifiedRegistration(rp, request.body.response, pending.challenge);
      if (!passkey) return refuse(reply, 400, 'PASSKEY_REJECTED', PASSKEY_REJECTED);
      const person = await store.register(tokenHash, subject.userHandle, passkey);
      if (!person) return refuse(reply, 404, 'INVITATION_INVALID', INVITATION_INVALID);
      await startSession(jar, request, reply, person.id, passkey.id);
      return { person: { name: person.name } };
    },
  );

  app.post(STUDIO_AUTH_ROUTES.signInOptions, async (_request, reply) => {
    const options = await authenticationOptions(rp);
    await issueChallenge(jar, reply, { challenge: options.challenge, purpose: 'sign-in', subject: '' });
    return { options };
  });

  app.post<{ Body: AuthenticationBody }>(
    STUDIO_AUTH_ROUTES.signInVerify,
    { schema: { body: AUTHENTICATION_BODY } },
    async (request, reply) => {
      const pending = await takeChallenge(jar, request, reply, 'sign-in');
      if (!pending) return refuse(reply, 400, 'CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
      const found = await provenPasskey(store, rp, request.body.response, pending.challenge);
      if (!found) return refuse(reply, 400, 'PASSKEY_REJECTED', PASSKEY_REJECTED);
      await startSession(jar, request, reply, found.person.id, found.passkey.id);
      return { person: { name: found.person.name } };
    },
  );
};

export default signInRoutes;
