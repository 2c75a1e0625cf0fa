/**
 * The signed-in person's own routes in the studio: who they are and their passkeys, proving a
 * passkey again (a step-up), adding, naming and removing a passkey, and signing out here or on
 * every device. A session alone never changes the passkeys: adding or removing one takes a
 * step-up of the same session, used once, so a stolen session cookie cannot make a passkey
 * that outlives "sign out everywhere".
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANG, isLang } from '../../src/lib/languages.ts';
import { CONTROL_CHARACTER } from '../../src/lib/control-characters.ts';
import {
  STUDIO_AUTH_ROUTES,
  STUDIO_LANG_COOKIE,
  type PasskeySummary,
  type StudioSessionAnswer,
} from '../../src/lib/studio-auth.ts';
import {
  ADD_PASSKEY_BODY,
  AUTHENTICATION_BODY,
  PASSKEY_NAME_BODY,
  PASSKEY_PARAMS,
  type AddPasskeyBody,
  type AuthenticationBody,
  type PasskeyNameBody,
  type PasskeyParams,
} from '../services/studio/auth-schemas.ts';
import { STEP_UP_LIFETIME_MS } from '../services/studio/lifetimes.ts';
import { passkeySteps } from '../services/studio/passkey-steps.ts';
import type { RelyingParty } from '../services/studio/passkeys.ts';
import { clearSession, sessionToken, type CookieJar } from '../services/studio/studio-cookies.ts';
import { refuse } from '../services/studio/studio-http.ts';
import type { StudioPerson } from '../services/studio/studio-person.ts';
import type { StoredPasskey, StoredPerson } from '../services/studio/studio-store.ts';
import { hashToken, sameHash } from '../services/studio/tokens.ts';

export interface AccountRoutesOptions {
  jar: CookieJar;
  rp: RelyingParty;
  /** Told when a notice was queued, so that it goes now rather than at the next look. */
  noticeQueued: () => void;
}

const STEP_UP_REQUIRED = 'Confirm with one of your passkeys first.';

const iso = (ms: number) => new Date(ms).toISOString();
const summary = (passkey: StoredPasskey, current: string | null): PasskeySummary => ({
  id: passkey.id,
  name: passkey.name,
  current: passkey.id === current,
  createdAt: iso(passkey.createdMs),
  lastUsedAt: passkey.lastUsedMs === null ? null : iso(passkey.lastUsedMs),
});

/** The person the session check set: these routes run only behind it. */
function signedIn(person: StudioPerson | null): StudioPerson {
  if (!person) throw new Error('an account route ran without the session check');
  return person;
}

/** The hash of the session the check let through: what step-ups and challenges are bound to. */
function sessionHash(request: FastifyRequest): string {
  const token = sessionToken(request);
  if (!token) throw new Error('an account route ran without a session');
  return hashToken(token);
}

/** A name as given, trimmed; null for none (the studio then shows the date); undefined when it is not one line. */
function passkeyName(given: string | undefined): string | null | undefined {
  const name = given?.trim() ?? '';
  if (CONTROL_CHARACTER.test(name)) return undefined;
  return name === '' ? null : name;
}

const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, { jar, rp, noticeQueued }) => {
  const { store } = jar;
  const steps = passkeySteps(jar, rp);
  const answer = async (person: StudioPerson, request: FastifyRequest): Promise<StudioSessionAnswer> => {
    const current = await store.sessionPasskey(sessionHash(request));
    return {
      person: { name: person.name },
      passkeys: (await store.passkeysOf(person.id)).map((passkey) => summary(passkey, current)),
    };
  };

  type SessionPurpose = 'step-up' | 'add-passkey';
  /** A ceremony's challenge bound to this session: no other session may answer it. */
  const forSession = (request: FastifyRequest, purpose: SessionPurpose) => ({ purpose, subject: sessionHash(request) });
  /** This session's pending challenge for `purpose`, taken out; null (the request refused) otherwise. */
  const takeSessionChallenge = (request: FastifyRequest, reply: FastifyReply, purpose: SessionPurpose) =>
    steps.answeredChallenge(request, reply, purpose, (subject) => sameHash(subject, sessionHash(request)));

  /** Uses the session's step-up: the passkey it proved, or null after refusing the request. */
  async function takeStepUp(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const proved = await store.takeStepUp(sessionHash(request), STEP_UP_LIFETIME_MS);
    if (!proved) await refuse(reply, 403, 'STEP_UP_REQUIRED', STEP_UP_REQUIRED);
    return proved;
  }

  app.get(STUDIO_AUTH_ROUTES.session, async (request) => answer(signedIn(request.studioPerson), request));

  app.post(STUDIO_AUTH_ROUTES.stepUpOptions, async (request, reply) => {
    const person = signedIn(request.studioPerson);
    const allowed = await store.passkeysOf(person.id);
    return { options: await steps.offerAuthentication(reply, forSession(request, 'step-up'), allowed) };
  });

  app.post<{ Body: AuthenticationBody }>(
    STUDIO_AUTH_ROUTES.stepUpVerify,
    { schema: { body: AUTHENTICATION_BODY } },
    async (request, reply) => {
      const person = signedIn(request.studioPerson);
      const pending = await takeSessionChallenge(request, reply, 'step-up');
      if (!pending) return reply;
      // Someone else's passkey proves nothing about this session's person.
      const isThem = (prover: StoredPerson) => prover.id === person.id;
      const found = await steps.provedPasskey(reply, request.body.response, pending.challenge, isThem);
      if (!found) return reply;
      await store.recordStepUp(sessionHash(request), found.passkey.id);
      return { steppedUp: true };
    },
  );

  app.post(STUDIO_AUTH_ROUTES.passkeyOptions, async (request, reply) => {
    const person = signedIn(request.studioPerson);
    if (!(await takeStepUp(request, reply))) return reply;
    const stored = await store.person(person.id);
    if (!stored) return refuse(reply, 401, 'SESSION_REQUIRED', 'Sign in to the studio first.');
    const existing = await store.passkeysOf(person.id);
    return { options: await steps.offerRegistration(reply, forSession(request, 'add-passkey'), stored, existing) };
  });

  app.post<{ Body: AddPasskeyBody }>(
    STUDIO_AUTH_ROUTES.passkeyVerify,
    { schema: { body: ADD_PASSKEY_BODY } },
    async (request, reply) => {
      const person = signedIn(request.studioPerson);
      const name = passkeyName(request.body.name);
      if (name === undefined) return refuse(reply, 400, 'INVALID_REQUEST', 'A passkey name is one line of text.');
      const pending = await takeSessionChallenge(request, reply, 'add-passkey');
      if (!pending) return reply;
      const passkey = await steps.registeredPasskey(reply, request.body.response, pending.challenge);
      if (!passkey) return reply;
      if (await store.passkey(passkey.id))
        return refuse(reply, 400, 'PASSKEY_REJECTED', 'This passkey is already registered.');
      await store.addPasskey(person.id, passkey);
      if (name) await store.namePasskey(person.id, passkey.id, name);
      // The person hears of it by mail, in the studio's language, so a passkey added by someone
      // else does not go unnoticed.
      const lang = request.cookies[STUDIO_LANG_COOKIE];
      if (await store.queueNotice(person.id, 'passkey-added', isLang(lang) ? lang : DEFAULT_LANG)) noticeQueued();
      return answer(person, request);
    },
  );

  app.post<{ Params: PasskeyParams; Body: PasskeyNameBody }>(
    STUDIO_AUTH_ROUTES.passkeyName,
    { schema: { params: PASSKEY_PARAMS, body: PASSKEY_NAME_BODY } },
    async (request, reply) => {
      const person = signedIn(request.studioPerson);
      const name = passkeyName(request.body.name);
      if (name === undefined) return refuse(reply, 400, 'INVALID_REQUEST', 'A passkey name is one line of text.');
      if (!(await store.namePasskey(person.id, request.params.id, name)))
        return refuse(reply, 404, 'NOT_FOUND', 'You have no such passkey.');
      return answer(person, request);
    },
  );

  app.delete<{ Params: PasskeyParams }>(
    STUDIO_AUTH_ROUTES.passkey,
    { schema: { params: PASSKEY_PARAMS } },
    async (request, reply) => {
      const person = signedIn(request.studioPerson);
      if (!(await takeStepUp(request, reply))) return reply;
      const current = await store.sessionPasskey(sessionHash(request));
      const removal = await store.removePasskey(person.id, request.params.id);
      if (removal === 'unknown') return refuse(reply, 404, 'NOT_FOUND', 'You have no such passkey.');
      if (removal === 'last')
        return refuse(reply, 409, 'LAST_PASSKEY', 'This is your only passkey: add another before removing it.');
      // The sessions signed in with it ended with it, this one too if it was one of them.
      if (current === request.params.id) {
        clearSession(jar, reply);
        return { signedOut: true };
      }
      return answer(person, request);
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

  app.post(STUDIO_AUTH_ROUTES.keepOnlyProvedPasskey, async (request, reply) => {
    const person = signedIn(request.studioPerson);
    // Only the passkey just proved stays: whoever holds another cannot come back.
    const kept = await takeStepUp(request, reply);
    if (!kept) return reply;
    const removed = await store.removeOtherPasskeys(person.id, kept);
    await store.endSessionsOf(person.id);
    clearSession(jar, reply);
    return { signedOut: true, passkeysRemoved: removed };
  });
};

export default accountRoutes;
