/**
 * Security headers on every response: a strict Content-Security-Policy, nosniff, referrer
 * policy, frame-ancestors; HSTS only when the request really came over HTTPS (behind a
 * TLS-terminating proxy with TRUST_PROXY set), since browsers ignore it over plain HTTP.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';

export interface SecurityHeadersOptions {
  cspDirectives: Record<string, string[]>;
}

const HSTS = 'max-age=31536000; includeSubDomains';

const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = async (app, options) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: options.cspDirectives },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The same as the CSP's frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
