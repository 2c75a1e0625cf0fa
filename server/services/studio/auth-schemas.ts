/** The JSON bodies of the studio's auth routes, one schema each, validated by Fastify. */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { PASSKEY_NAME_MAX } from '../../../src/lib/studio-auth.ts';
import { TOKEN_PATTERN } from './tokens.ts';

/** A credential id as WebAuthn gives it: base64url. */
const CREDENTIAL_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,1400}$' } as const;

/** An object schema: these properties, the ones named in `required` present. */
const objectOf = <const Properties extends object, const Required extends readonly (keyof Properties & string)[]>(
  required: Required,
  properties: Properties,
) => ({ type: 'object', required, properties }) as const;

/**
 * A WebAuthn response as @simplewebauthn/browser sends it: its parts are checked by
 * SimpleWebAuthn, here only its shape and size.
 */
const CREDENTIAL_RESPONSE = objectOf(['id', 'rawId', 'response', 'type'], {
  id: CREDENTIAL_ID,
  rawId: { type: 'string', maxLength: 1400 },
  type: { const: 'public-key' },
  response: { type: 'object' },
});

const TOKEN = { type: 'string', pattern: TOKEN_PATTERN } as const;

export const INVITATION_BODY = objectOf(['token'], { token: TOKEN });
export const INVITATION_VERIFY_BODY = objectOf(['token', 'response'], { token: TOKEN, response: CREDENTIAL_RESPONSE });
export const REGISTRATION_BODY = objectOf(['response'], { response: CREDENTIAL_RESPONSE });
export const AUTHENTICATION_BODY = REGISTRATION_BODY;

/** A passkey's name: a line of text, checked for control characters by the route. */
const PASSKEY_NAME = { type: 'string', maxLength: PASSKEY_NAME_MAX } as const;

export const ADD_PASSKEY_BODY = objectOf(['response'], { response: CREDENTIAL_RESPONSE, name: PASSKEY_NAME });
export const PASSKEY_PARAMS = objectOf(['id'], { id: CREDENTIAL_ID });
export const PASSKEY_NAME_BODY = objectOf(['name'], { name: PASSKEY_NAME });

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
