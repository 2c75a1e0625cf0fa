/**
 * The studio's request token (see STUDIO_REQUEST_TOKEN): an HMAC of a fixed label keyed by the
 * session's own secret, so every instance derives the same token from the cookie alone and a
 * page that cannot read the HttpOnly cookie cannot make it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { STUDIO_REQUEST_TOKEN } from '../../../src/lib/studio-auth.ts';

/** The token of the session whose cookie holds `sessionToken`. */
export function requestTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('studio-request').digest('base64url');
}

/** The token a request carries, in its header or (for a read) in its query. */
function carriedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[STUDIO_REQUEST_TOKEN.header];
  if (typeof header === 'string') return header;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const param = query?.[STUDIO_REQUEST_TOKEN.param];
  return typeof param === 'string' ? param : undefined;
}

/** True when the request carries the token of the session `sessionToken`. */
export function carriesRequestToken(request: FastifyRequest, sessionToken: string): boolean {
  const carried = carriedToken(request);
  if (carried === undefined) return false;
  const expected = Buffer.from(requestTokenOf(sessionToken));
  const given = Buffer.from(carried);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Fetch metadata, when the browser sends it: the studio's API answers only its own origin's
 * requests (`same-site` is another subdomain), and a read typed into the address bar (`none`).
 */
export function fromTheStudiosOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin') return true;
  return site === 'none' && (request.method === 'GET' || request.method === 'HEAD');
}
