/**
 * WebAuthn for the studio with SimpleWebAuthn: the relying party is the studio's origin, every
 * passkey is discoverable (signing in asks for no name), user verification is required (the
 * fingerprint, face or PIN: a security key touched by whoever holds it is not enough alone),
 * and no attestation is asked for.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ARTIST_NAME } from '../site/site-settings.ts';
import { CHALLENGE_LIFETIME_MS } from './lifetimes.ts';
import type { NewPasskey, StoredPasskey } from './studio-store.ts';

/** Who the passkeys are for: the origin the browser shows, and its host as the relying party id. */
export interface RelyingParty {
  origin: string;
  id: string;
}

export function relyingParty(origin: string): RelyingParty {
  return { origin, id: new URL(origin).hostname };
}

/** A stored passkey as WebAuthn options name it. */
const credentialDescriptor = (passkey: StoredPasskey) => ({
  id: passkey.id,
  transports: passkey.transports as AuthenticatorTransport[],
});

/** What the authenticator shows beside the person's name. */
const RP_NAME = `${ARTIST_NAME} · Estúdio`;

/** Options to create a passkey for `name` under `userHandle` (base64url), none of `existing` again. */
export function registrationOptions(
  rp: RelyingParty,
  name: string,
  userHandle: string,
  existing: readonly StoredPasskey[] = [],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: name,
    userDisplayName: name,
    userID: Buffer.from(userHandle, 'base64url'),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(credentialDescriptor),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
}

/** What both checks ask of an answer: this challenge, signed for this origin, the person verified. */
const expectations = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: true,
});

/** The new passkey when `response` answers `challenge` for this origin, else null. */
export async function verifiedRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<NewPasskey | null> {
  const result = await verifyRegistrationResponse({ response, ...expectations(rp, challenge) }).catch(() => null);
  if (!result?.verified) return null;
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}

/**
 * Options to sign in with any passkey of this site the authenticator holds (discoverable), or,
 * given `allowed`, with one of those passkeys only (a signed-in person proving it is them).
 */
export function authenticationOptions(
  rp: RelyingParty,
  allowed: readonly StoredPasskey[] = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_LIFETIME_MS,
    allowCredentials: allowed.map(credentialDescriptor),
  });
}

/**
 * The passkey's new signature counter when `response` is its signature of `challenge`, else
 * null. A counter that did not grow past the stored one (a cloned authenticator) is refused.
 */
export async function verifiedAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
): Promise<number | null> {
  const result = await verifyAuthenticationResponse({
    response,
    ...expectations(rp, challenge),
    credential: {
      id: passkey.id,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch(() => null);
  return result?.verified ? result.authenticationInfo.newCounter : null;
}
