/**
 * Security headers on every response, computed once at start: rebuilding them per request (as a
 * generic helmet does) cost a third of the API's throughput.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { VIDEO_EMBED_ORIGINS } from '../../src/lib/video-embed.ts';
import { isEmbedPath } from '../../src/lib/embeds.ts';
import { framableByAnySite } from '../services/site/csp.ts';

export interface SecurityHeadersOptions {
  /** The page policy (the served site's, which a publish replaces), for an HTML answer without its own. */
  pageCsp: () => string;
}

/** Strict-Transport-Security, sent only over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';
/** The policy of every response that is not an HTML page. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Who may use autoplay and fullscreen: the page (the player) and the video dialog's embed. */
const EMBED_ALLOWLIST = `(self ${VIDEO_EMBED_ORIGINS.map((origin) => `"${origin}"`).join(' ')})`;

/**
 * Powerful features the site never uses are off for it and anything it embeds; autoplay and
 * fullscreen only for the page and the video player the dialog embeds.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  `autoplay=${EMBED_ALLOWLIST}`,
  `fullscreen=${EMBED_ALLOWLIST}`,
].join(', ');

/**
 * What an embeddable player page (`/embed/…`) sends in place of the site's: any site may frame
 * it (no `X-Frame-Options`, `frame-ancestors *` in its policy), and an embedder that isolates
 * itself (COEP) may load it.
 */
export const FRAMABLE_PAGE = {
  without: 'x-frame-options',
  headers: { 'cross-origin-resource-policy': 'cross-origin' },
};

/** Set on every response; a route may override one (media allows cross-origin embedding). */
export const EVERY_RESPONSE: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The same as the CSP's frame-ancestors 'none', for browsers that predate it.
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-permitted-cross-domain-policies': 'none',
  'permissions-policy': PERMISSIONS_POLICY,
};

const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = async (app, { pageCsp }) => {
  // HSTS only when the request really came over HTTPS (behind a TLS-terminating proxy with
  // TRUST_PROXY set): browsers ignore it over plain HTTP.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(EVERY_RESPONSE);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  // The content type is known only once the route has answered. HTML gets the page policy (the
  // build's hashes, the video and analytics hosts), unless its route gave it one matching the
  // page it sent; anything else gets one that allows nothing, all a browser needs should it be
  // opened as a document, and ~1 KB lighter on every asset.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    const isPage = typeof type === 'string' && type.startsWith('text/html');
    if (!isPage) reply.header('content-security-policy', NON_DOCUMENT_CSP);
    else if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', pageCsp());
    // Only the embeddable player's pages may be framed by another site; every other page refuses.
    if (isPage && isEmbedPath(request.url.split('?')[0] ?? '')) {
      reply.removeHeader(FRAMABLE_PAGE.without);
      reply.headers(FRAMABLE_PAGE.headers);
      reply.header('content-security-policy', framableByAnySite(String(reply.getHeader('content-security-policy'))));
    }
    return payload;
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
