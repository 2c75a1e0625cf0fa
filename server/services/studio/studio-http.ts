/**
 * The studio's HTTP facts, defined once: its cookies, its headers (never indexed, never
 * stored, its own content policy), the shape of its refusals and of its rows' ids.
 */
import type { FastifyReply } from 'fastify';
import type { StudioErrorCode } from '../../../src/lib/studio-auth.ts';
import { errorBody } from '../http/error-answers.ts';
import { cspHeader } from '../site/csp.ts';
import { CHALLENGE_LIFETIME_MS, type SessionLifetimes } from './lifetimes.ts';

/** The session's cookie, sent with every request to the studio and nothing else. */
export const SESSION_COOKIE = 'studio_session';
/** The pending WebAuthn challenge's cookie, sent only to the auth routes. */
export const CHALLENGE_COOKIE = 'studio_challenge';

/**
 * Cookie attributes: unreadable by scripts, never sent from another site, `Secure` when the
 * studio is served over https.
 */
export function cookieOptions(origin: string, path: string, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: origin.startsWith('https:'),
    path,
    maxAge: maxAgeSeconds,
  } as const;
}

export const sessionCookie = (origin: string, lifetimes: SessionLifetimes) =>
  cookieOptions(origin, '/studio', Math.floor(lifetimes.absoluteMs / 1000));
export const challengeCookie = (origin: string) =>
  cookieOptions(origin, '/studio/api/auth', Math.floor(CHALLENGE_LIFETIME_MS / 1000));

/**
 * The studio page's policy: its own scripts only, never inline. The editor (Decap CMS)
 * compiles the JSON schemas it checks its configuration with (ajv builds functions from text:
 * 'unsafe-eval'), styles itself with inline style elements (emotion), shows uploads as blob:
 * and data: images and reads an upload back from its blob: URL to send it. The public pages' policy allows none of that.
 */
export const STUDIO_CSP = cspHeader({
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/** On every answer under /studio: no search engine lists it, no cache keeps it. */
export const STUDIO_HEADERS: Readonly<Record<string, string>> = {
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
  // Not the public pages' `same-origin`: a public page that opens the studio (or an answer of
  // its API) in a window is put in another browsing context group, and gets no handle on it.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};

/** Where the studio's content-hashed scripts, styles and WebAssembly are served. */
export const STUDIO_ASSETS_PREFIX = '/studio/assets/';

/** A content-hashed file never changes: the artist's browser keeps it, no shared cache does. */
export const STUDIO_ASSET_CACHE = 'private, max-age=31536000, immutable';

/** The body of a refusal: the status's name, a message, and the code the studio translates. */
export function studioError(status: number, code: StudioErrorCode, message: string) {
  return { ...errorBody(status, message), code };
}

/** Answers a refusal. */
export function refuse(reply: FastifyReply, status: number, code: StudioErrorCode, message: string): FastifyReply {
  return reply.code(status).send(studioError(status, code, message));
}

/** `part` of the app, or null with a 503 answered when it cannot be used right now (`what` names it). */
export function availableOr<T>(reply: FastifyReply, part: T | null, what: string): T | null {
  if (!part) refuse(reply, 503, 'STUDIO_UNAVAILABLE', `${what} cannot be read right now.`);
  return part;
}

/**
 * Wraps route handlers that need `part` of the app: each runs with it, or a 503 is answered
 * when that part cannot be used right now (`what` names it).
 */
export const handlersNeeding =
  <T>(part: T | null, what: string) =>
  <R>(handle: (part: T, request: R, reply: FastifyReply) => Promise<FastifyReply>) =>
  async (request: R, reply: FastifyReply): Promise<FastifyReply> => {
    const usable = availableOr(reply, part, what);
    return usable ? handle(usable, request, reply) : reply;
  };

/** A row's id: a positive integer within what both engines store exactly. */
export const ROW_ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
/** The params of a route on one row, `…/:id`. */
export const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: ROW_ID } } as const;
