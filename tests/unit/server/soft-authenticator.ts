/**
 * A passkey authenticator in software, as a phone's would answer: P-256 keys, discoverable
 * credentials, no attestation, a signature counter a test may turn back (a clone), and user
 * verification a test may turn off (a security key without a PIN). It
 * answers the options the server sends, so tests reach the real WebAuthn verification.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
/** User present and user verified; with attested credential data when registering. */
const FLAGS = { present: 0x01, verified: 0x04, attested: 0x40 };

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  /** False: a security key without a PIN, which only tells that someone touched it. */
  verifiesUser = true;
  private readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  private authData(rpId: string, flags: number, counter: number, attested = Buffer.alloc(0)): Buffer {
    if (!this.verifiesUser) flags &= ~FLAGS.verified;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested]);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** Creates a passkey for the options' user, as navigator.credentials.create would. */
  create(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const rawId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, Buffer.from(cose)]);
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const authData = this.authData(rpId, FLAGS.present | FLAGS.verified | FLAGS.attested, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = b64url(rawId);
    this.credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Signs the options' challenge with a passkey (the last created by default), its counter one up. */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    credential = this.credentials.at(-1),
  ): AuthenticationResponseJSON {
    if (!credential) throw new Error('the authenticator holds no passkey');
    credential.counter += 1;
    const authData = this.authData(
      options.rpId ?? new URL(this.origin).hostname,
      FLAGS.present | FLAGS.verified,
      credential.counter,
    );
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
