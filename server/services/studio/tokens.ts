/**
 * The studio's secrets (invitation, session and challenge tokens): 32 random bytes handed out
 * once, and kept only as their SHA-256, so a copy of the database opens nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The bytes of every token: 256 bits, beyond guessing. */
const TOKEN_BYTES = 32;

/** What a token looks like on the wire: 32 bytes in base64url, no padding. */
export const TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** A new random token, base64url. */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The token's SHA-256, hex: what the store keeps and looks tokens up by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Two hashes compared in constant time, so the comparison leaks nothing about either. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
