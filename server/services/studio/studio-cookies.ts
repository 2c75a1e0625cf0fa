/**
 * Handing out and taking back the studio's two cookies: a session (a new token at every
 * sign-in, so a token planted before cannot be carried into one) and a pending challenge
 * (answered once: taken out of the store whatever the answer).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionLifetimes } from './lifetimes.ts';
import type { PendingChallenge, StudioStore } from './studio-store.ts';
import { CHALLENGE_COOKIE, challengeCookie, SESSION_COOKIE, sessionCookie } from './studio-http.ts';
import { hashToken, newToken } from './tokens.ts';

/** What the studio's cookies need: where the tokens are kept, and for which origin. */
export interface CookieJar {
  store: StudioStore;
  origin: string;
  lifetimes: SessionLifetimes;
}

/** The token of the session cookie the request carries, if any. */
export const sessionToken = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE];

/** Ends the browser's current session, if any, and starts a new one for the person, signed in with `passkeyId`. */
export async function startSession(
  jar: CookieJar,
  request: FastifyRequest,
  reply: FastifyReply,
  personId: number,
  passkeyId: string,
): Promise<void> {
  const previous = sessionToken(request);
  if (previous) await jar.store.endSession(hashToken(previous));
  const token = newToken();
  await jar.store.startSession(personId, hashToken(token), Date.now(), passkeyId);
  reply.setCookie(SESSION_COOKIE, token, sessionCookie(jar.origin, jar.lifetimes));
}

/** Forgets the session cookie in the browser. */
export function clearSession(jar: CookieJar, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookie(jar.origin, jar.lifetimes));
}

/** Keeps a challenge server-side, under a new cookie that names it. */
export async function issueChallenge(jar: CookieJar, reply: FastifyReply, pending: PendingChallenge): Promise<void> {
  const token = newToken();
  await jar.store.saveChallenge(hashToken(token), pending);
  reply.setCookie(CHALLENGE_COOKIE, token, challengeCookie(jar.origin));
}

/** Takes the request's pending challenge for `purpose` out of the store, or null. */
export async function takeChallenge(
  jar: CookieJar,
  request: FastifyRequest,
  reply: FastifyReply,
  purpose: PendingChallenge['purpose'],
): Promise<PendingChallenge | null> {
  const token = request.cookies[CHALLENGE_COOKIE];
  if (!token) return null;
  reply.clearCookie(CHALLENGE_COOKIE, challengeCookie(jar.origin));
  const pending = await jar.store.takeChallenge(hashToken(token));
  return pending?.purpose === purpose ? pending : null;
}
