/**
 * The signed-in person's own routes in the studio: who they are and their passkeys, adding
 * another passkey, and signing out here or on every device.
 */
import type { FastifyPluginAsync } from 'fastify';
import { STUDIO_AUTH_ROUTES, type PasskeySummary, type StudioSessionAnswer } from '../../src/lib/studio-auth.ts';
import { REGISTRATION_BODY, type RegistrationBody } from '../services/studio/auth-schemas.ts';
import { registrationOptions, verifiedRegistration, type RelyingParty } from '../services/studio/passkeys.ts';
import {
  clearSession,
  issueChallenge,
  sessionToken,
  takeChallenge,
  type CookieJar,
} from '../services/studio/studio-cookies.ts';
import { refuse } from '../services/studio/studio-http.ts';
import type { StudioPerson } from '../services/studio/studio-person.ts';
import type { StoredPasskey } from '../services/studio/studio-store.ts';
import { hashToken } from '../services/studio/tokens.ts';

export interface AccountRoutesOptions {
  jar: CookieJar;
  rp: RelyingParty;
}

const iso = (ms: number) => new Date(ms).toISOString();
const summary = (passkey: StoredPasskey): PasskeySummary => ({
  id: passkey.id,
  createdAt: iso(passkey.createdMs),
  lastUsedAt: passkey.lastUsedMs === null ? null : iso(passkey.lastUsedMs),
});

/** The person the session check set: these routes run only behind it. */
function signedIn(person: StudioPerson | null): StudioPerson {
  if (!person) throw new Error('an account route ran without the session check');
  return person;
}

const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, { jar, rp }) => {
  const { store } = jar;
  const answer = async (person: StudioPerson): Promise<StudioSessionAnswer> => ({
    person: { name: person.name },
    passkeys: (await store.passkeysOf(person.id)).map(summary),
  });

  app.get(STUDIO_AUTH_ROUTES.session, async (request) => answer(signedIn(request.studioPerson)));

  app.post(STUDIO_AUTH_ROUTES.passkeyOptions, async (request, reply) => {
    const person = signedIn(request.studioPerson);
    const stored = await store.person(person.id);
    if (!stored) return refuse(reply, 401, 'SESSION_REQUIRED', 'Sign in to the studio first.');
    const options = await registrationOptions(rp, stored.name, stored.userHandle, await store.passkeysOf(person.id));
    await issueChallenge(jar, reply, {
      challenge: options.challenge,
      purpose: 'add-passkey',
      subject: String(person.id),
    });
    return { options };
  });

  app.post<{ Body: RegistrationBody }>(
    STUDIO_AUTH_ROUTES.passkeyVerify,
    { schema: { body: REGISTRATION_BODY } },
    async (request, reply) => {
      const person = signedIn(request.studioPerson);
      const pending = await takeChallenge(jar, request, reply, 'add-passkey');
      if (!pending || pending.subject !== String(person.id))
        return refuse(reply, 400, 'CHALLENGE_EXPIRED', 'This took too long. Please try again.');
      const passkey = await verifiedRegistration(rp, request.body.response, pending.challenge);
      if (!passkey) return refuse(reply, 400, 'PASSKEY_REJECTED', 'This passkey was not accepted.');
      if (await store.passkey(passkey.id))
        return refuse(reply, 400, 'PASSKEY_REJECTED', 'This passkey is already registered.');
      await store.addPasskey(person.id, passkey);
      return answer(person);
    },
  );

  app.post(STUDIO_AUTH_ROUTES.signOut, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await store.endSession(hashToken(token));
    clearSession(jar, reply);
    return { signedOut: true };
  });

  app.post(STUDIO_AUTH_ROUTES.signOutEverywhere, async (request, reply) => {
    await store.endSessionsOf(signedIn(request.studioPerson).id);
    clearSession(jar, reply);
    return { signedOut: true };
  });
};

export default accountRoutes;
