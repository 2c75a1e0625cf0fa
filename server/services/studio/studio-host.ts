/**
 * Where the studio answers. When STUDIO_ORIGIN names a host of its own (studio.example.com
 * beside the site's example.com), the studio lives only there: that host serves nothing of the
 * public site (a public page, even a poisoned one, then never shares the studio's origin, its
 * cookies or its storage), and the site's host sends `/studio` over to it. On one host, as on
 * loopback in development and tests, both share the origin and nothing here changes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STUDIO_API_PREFIX } from '../../../src/lib/studio-auth.ts';
import { refuse } from './studio-http.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The site's public origin, from its settings (content/site.json's siteUrl), if readable. */
export function siteOriginIn(contentDir: string): string | null {
  try {
    const { siteUrl } = JSON.parse(readFileSync(join(contentDir, 'site.json'), 'utf8')) as { siteUrl?: unknown };
    return typeof siteUrl === 'string' ? new URL(siteUrl).origin : null;
  } catch {
    return null;
  }
}

/** True when the studio has a host of its own, apart from the public site's. */
export function studioHasOwnHost(studioOrigin: string, siteOrigin: string | null): boolean {
  const studio = new URL(studioOrigin);
  return siteOrigin !== null && !LOOPBACK.has(studio.hostname) && studio.host !== new URL(siteOrigin).host;
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
