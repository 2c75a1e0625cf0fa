/** The JSON bodies of the studio's auth routes, one schema each, validated by Fastify. */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { TOKEN_PATTERN } from './tokens.ts';

/**
 * A WebAuthn response as @simplewebauthn/browser sends it: its parts are checked by
 * SimpleWebAuthn, here only its shape and size.
 */
const CREDENTIAL_RESPONSE = {
  type: 'object',
  required: ['id', 'rawId', 'response', 'type'],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,1400}$' },
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
