/**
 * The studio's routes that answer without a session: registering a first passkey from an
 * invitation, and signing in with a passkey. Each is rate limited per client address.
 */
import type { FastifyPluginAsync } from 'fastify';
import { STUDIO_AUTH_ROUTES } from '../../src/lib/studio-auth.ts';
import { MINUTE_MS, type ClientRateLimitOptions } from '../services/http/request-limits.ts';
import { registerRateLimit } from '../services/http/rate-limits.ts';
import {
  AUTHENTICATION_BODY,
  INVITATION_BODY,
  INVITATION_VERIFY_BODY,
  type AuthenticationBody,
  type InvitationBody,
  type InvitationVerifyBody,
} from '../services/studio/auth-schemas.ts';
import { passkeySteps, type PasskeyHolder } from '../services/studio/passkey-steps.ts';
import type { RelyingParty } from '../services/studio/passkeys.ts';
import { startSession, type CookieJar } from '../services/studio/studio-cookies.ts';
import { refuse } from '../services/studio/studio-http.ts';
import { hashToken, newToken, sameHash } from '../services/studio/tokens.ts';

/** The per-client limit counts sign-in attempts and invitation look-ups together. */
export interface SignInRoutesOptions extends ClientRateLimitOptions {
  jar: CookieJar;
  rp: RelyingParty;
}

const INVITATION_INVALID = 'This invitation link is not valid any more. Ask for a new one.';

/** Whom an invitation's challenge is kept for: the invitation, and the handle chosen for its person. */
interface InvitationSubject {
  tokenHash: string;
  userHandle: string;
}
const invitationSubject = (subject: string) => JSON.parse(subject) as InvitationSubject;

const signInRoutes: FastifyPluginAsync<SignInRoutesOptions> = async (app, { jar, rp, perClientPerMinute, redis }) => {
  const { store } = jar;
  const steps = passkeySteps(jar, rp);

  // Redis down, sign-in still works: passkeys cannot be guessed anyway.
  await registerRateLimit(app, redis, 'studio-');
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
      const holder: PasskeyHolder = { name, userHandle: newToken() };
      const subject = JSON.stringify({ tokenHash, userHandle: holder.userHandle } satisfies InvitationSubject);
      const options = await steps.offerRegistration(reply, { purpose: 'invitation', subject }, holder);
      return { name, options };
    },
  );

  app.post<{ Body: InvitationVerifyBody }>(
    STUDIO_AUTH_ROUTES.invitationVerify,
    { schema: { body: INVITATION_VERIFY_BODY } },
    async (request, reply) => {
      const tokenHash = hashToken(request.body.token);
      const forThisInvitation = (subject: string) => sameHash(invitationSubject(subject).tokenHash, tokenHash);
      const pending = await steps.answeredChallenge(request, reply, 'invitation', forThisInvitation);
      if (!pending) return reply;
      const passkey = await steps.registeredPasskey(reply, request.body.response, pending.challenge);
      if (!passkey) return reply;
      const person = await store.register(tokenHash, invitationSubject(pending.subject).userHandle, passkey);
      if (!person) return refuse(reply, 404, 'INVITATION_INVALID', INVITATION_INVALID);
      await startSession(jar, request, reply, person.id, passkey.id);
      return { person: { name: person.name } };
    },
  );

  app.post(STUDIO_AUTH_ROUTES.signInOptions, async (_request, reply) => {
    const options = await steps.offerAuthentication(reply, { purpose: 'sign-in', subject: '' });
    return { options };
  });

  app.post<{ Body: AuthenticationBody }>(
    STUDIO_AUTH_ROUTES.signInVerify,
    { schema: { body: AUTHENTICATION_BODY } },
    async (request, reply) => {
      const pending = await steps.answeredChallenge(request, reply, 'sign-in');
      if (!pending) return reply;
      const found = await steps.provedPasskey(reply, request.body.response, pending.challenge);
      if (!found) return reply;
      await startSession(jar, request, reply, found.person.id, found.passkey.id);
      return { person: { name: found.person.name } };
    },
  );
};

export default signInRoutes;
