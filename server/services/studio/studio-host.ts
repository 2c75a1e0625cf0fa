/**
 * Where the studio answers. When STUDIO_ORIGIN names a host of its own (studio.example.com)
 * apart from PUBLIC_ORIGIN's (example.com), the studio lives only there: that host serves
 * nothing of the public site (a public page, even a poisoned one, then never shares the
 * studio's origin, its cookies or its storage), and the site's host sends `/studio` over to
 * it. On one host both share the origin and nothing here changes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STUDIO_API_PREFIX } from '../../../src/lib/studio-auth.ts';
import { refuse } from './studio-http.ts';

/** True when the studio has a host of its own, apart from the public site's. */
export function studioHasOwnHost(studioOrigin: string, siteOrigin: string | null): siteOrigin is string {
  return siteOrigin !== null && new URL(studioOrigin).host !== new URL(siteOrigin).host;
}

const isStudioPath = (path: string) => path === '/studio' || path.startsWith('/studio/');

/**
 * The hook that keeps the studio and the site each on its host, for a studio with its own:
 * on the studio's host everything but `/studio` goes to the site, and on any other host
 * `/studio` goes to the studio's (its API answers 404 there: a call is never redirected).
 */
export function studioHostGuard(studioOrigin: string, siteOrigin: string) {
  const studioHost = new URL(studioOrigin).host;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const onStudioHost = request.headers.host?.toLowerCase() === studioHost;
    if (onStudioHost && !isStudioPath(path)) return reply.redirect(`${siteOrigin}${request.url}`, 308);
    if (onStudioHost || !isStudioPath(path)) return undefined;
    if (path.startsWith(STUDIO_API_PREFIX))
      return refuse(reply, 404, 'NOT_FOUND', 'The studio answers on its own address.');
    return reply.redirect(`${studioOrigin}${request.url}`, 308);
  };
}
