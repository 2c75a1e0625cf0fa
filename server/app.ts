/**
 * The application: one Fastify instance with the security headers, the health route and the
 * built site. It never listens; `main.ts` does, and tests use `app.inject`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import securityHeaders from './plugins/security-headers.ts';
import healthRoutes from './routes/health.ts';
import siteRoutes from './routes/site.ts';
import { cspDirectives } from './services/csp.ts';
import { scanSitePages } from './services/site-pages.ts';

/** Builds the app from a validated configuration. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const site = await scanSitePages(config.DIST_DIR);
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    // The API's JSON bodies are small; larger bodies are refused before they are read.
    bodyLimit: 64 * 1024,
    // Errors are answered as JSON without stack traces.
    return503OnClosing: true,
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 ? 'Something went wrong on our side. Please try again later.' : error.message;
    return reply.code(status).send({ error: status >= 500 ? 'Internal Server Error' : 'Bad Request', message });
  });

  await app.register(securityHeaders, { cspDirectives: cspDirectives(site) });
  await app.register(healthRoutes);
  await app.register(siteRoutes, { distDir: config.DIST_DIR, pages: site.pages });
  return app;
}
