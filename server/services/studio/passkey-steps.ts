/**
 * The two steps of every passkey ceremony in the studio, whether it registers a first passkey,
 * signs someone in, proves a signed-in person again or adds a passkey: offering options whose
 * challenge is kept for the one answer to come, and taking that answer back. A late or foreign
 * answer and a passkey that does not pass are refused in the same words by every route.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticationOptions, registrationOptions, verifiedRegistration, type RelyingParty } from './passkeys.ts';
import { provenPasskey } from './proven-passkey.ts';
import { issueChallenge, takeChallenge, type CookieJar } from './studio-cookies.ts';
import { refuse } from './studio-http.ts';
import type { NewPasskey, PendingChallenge, StoredPasskey, StoredPerson } from './studio-store.ts';

/** What a challenge is kept for: the ceremony, and whom its answer must come from. */
export type ChallengeFor = Pick<PendingChallenge, 'purpose' | 'subject'>;

/** Who a new passkey is for: the name the authenticator shows, and the WebAuthn handle (base64url). */
export interface PasskeyHolder {
  name: string;
  userHandle: string;
}

const CHALLENGE_EXPIRED = 'This took too long. Please try again.';
const PASSKEY_REJECTED = 'This passkey was not accepted.';

/** The steps, their challenges kept in `jar`, their passkeys those of `rp`. */
export function passkeySteps(jar: CookieJar, rp: RelyingParty) {
  /** Keeps the challenge of `options` for the answer to come, and gives them back to send. */
  async function offered<Options extends { challenge: string }>(
    reply: FastifyReply,
    challengeFor: ChallengeFor,
    options: Options,
  ): Promise<Options> {
    await issueChallenge(jar, reply, { challenge: options.challenge, ...challengeFor });
    return options;
  }

  return {
    /** Options to prove a passkey (one of `allowed` when given, else any of this site's), their challenge kept. */
    offerAuthentication: async (reply: FastifyReply, challengeFor: ChallengeFor, allowed?: readonly StoredPasskey[]) =>
      offered(reply, challengeFor, await authenticationOptions(rp, allowed)),

    /** Options to create a passkey for `holder`, none of `existing` again, their challenge kept. */
    offerRegistration: async (
      reply: FastifyReply,
      challengeFor: ChallengeFor,
      holder: PasskeyHolder,
      existing?: readonly StoredPasskey[],
    ) => offered(reply, challengeFor, await registrationOptions(rp, holder.name, holder.userHandle, existing)),

    /**
     * The request's pending challenge for `purpose`, taken out, when `fromSubject` accepts whom
     * it was kept for; null after refusing the request otherwise.
     */
    async answeredChallenge(
      request: FastifyRequest,
      reply: FastifyReply,
      purpose: PendingChallenge['purpose'],
      fromSubject: (subject: string) => boolean = () => true,
    ): Promise<PendingChallenge | null> {
      const pending = await takeChallenge(jar, request, reply, purpose);
      if (pending && fromSubject(pending.subject)) return pending;
      await refuse(reply, 400, 'CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
      return null;
    },

    /** The new passkey when `response` answers `challenge`; null after refusing the request otherwise. */
    async registeredPasskey(
      reply: FastifyReply,
      response: RegistrationResponseJSON,
      challenge: string,
    ): Promise<NewPasskey | null> {
      const passkey = await verifiedRegistration(rp, response, challenge);
      if (!passkey) await refuse(reply, 400, 'PASSKEY_REJECTED', PASSKEY_REJECTED);
      return passkey;
    },

    /**
     * The passkey and its person when `response` signs `challenge` and `accepted` lets that
     * person through; null after refusing the request otherwise.
     */
    async provedPasskey(
      reply: FastifyReply,
      response: AuthenticationResponseJSON,
      challenge: string,
      accepted: (person: StoredPerson) => boolean = () => true,
    ): Promise<{ passkey: StoredPasskey; person: StoredPerson } | null> {
      const found = await provenPasskey(jar.store, rp, response, challenge);
      if (found && accepted(found.person)) return found;
      await refuse(reply, 400, 'PASSKEY_REJECTED', PASSKEY_REJECTED);
      return null;
    },
  };
}
