/** The JSON bodies of the studio's auth routes, one schema each, validated by Fastify. */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { PASSKEY_NAME_MAX } from '../../../src/lib/studio-auth.ts';
import { TOKEN_PATTERN } from './tokens.ts';

/**
 * A WebAuthn response as @simplewebauthn/browser sends it: its parts are checked by
 * SimpleWebAuthn, here only its shape and size.
 */
/** A credential id as WebAuthn gives it: base64url. */
const CREDENTIAL_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,1400}$' } as const;

const CREDENTIAL_RESPONSE = {
  type: 'object',
  required: ['id', 'rawId', 'response', 'type'],
  properties: {
    id: CREDENTIAL_ID,
    rawId: { type: 'string', maxLength: 1400 },
    type: { const: 'public-key' },
    response: { type: 'object' },
  },
} as const;

const TOKEN = { type: 'string', pattern: TOKEN_PATTERN } as const;

export const INVITATION_BODY = {
  type: 'object',
  required: ['token'],
  properties: { token: TOKEN },
} as const;
export const INVITATION_VERIFY_BODY = {
  type: 'object',
  required: ['token', 'response'],
  properties: { token: TOKEN, response: CREDENTIAL_RESPONSE },
} as const;
export const REGISTRATION_BODY = {
  type: 'object',
  required: ['response'],
  properties: { response: CREDENTIAL_RESPONSE },
} as const;
export const AUTHENTICATION_BODY = REGISTRATION_BODY;

/** A passkey's name: a line of text, checked for control characters by the route. */
const PASSKEY_NAME = { type: 'string', maxLength: PASSKEY_NAME_MAX } as const;

export const ADD_PASSKEY_BODY = {
  type: 'object',
  required: ['response'],
  properties: { response: CREDENTIAL_RESPONSE, name: PASSKEY_NAME },
} as const;
export const PASSKEY_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: CREDENTIAL_ID },
} as const;
export const PASSKEY_NAME_BODY = {
  type: 'object',
  required: ['name'],
  properties: { name: PASSKEY_NAME },
} as const;

export interface InvitationBody {
  token: string;
}
export interface InvitationVerifyBody {
  token: string;
  response: RegistrationResponseJSON;
}
export interface RegistrationBody {
  response: RegistrationResponseJSON;
}
export interface AuthenticationBody {
  response: AuthenticationResponseJSON;
}
export interface AddPasskeyBody {
  response: RegistrationResponseJSON;
  name?: string;
}
export interface PasskeyParams {
  id: string;
}
export interface PasskeyNameBody {
  name: string;
}
