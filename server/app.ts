/**
 * The application: one Fastify instance with the security headers, the health route, the
 * music API and audio files, and the built site. It never listens; `main.ts` does, and tests
 * use `app.inject`.
 */
import { join } from 'node:path';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { isDevelopment, type Config } from './config.ts';
import securityHeaders from './plugins/security-headers.ts';
import contactRoutes from './routes/contact.ts';
import graphqlRoutes from './routes/graphql.ts';
import healthRoutes from './routes/health.ts';
import mediaRoutes from './routes/media.ts';
import siteRoutes from './routes/site.ts';
import { cspDirectives } from './services/csp.ts';
import { createMailer } from './services/mailer.ts';
import { openMediaLibrary } from './services/media-library.ts';
import { openMessageStore } from './services/message-store.ts';
import { startOutbox } from './services/outbox.ts';
import { readStreamingLinks } from './services/site-settings.ts';
import { scanSitePages } from './services/site-pages.ts';

/** The largest request body any route accepts; routes may set a smaller one. */
const BODY_LIMIT_BYTES = 16 * 1024;

export interface BuildOptions {
  /** Rebuild the media index when files change (default true; tests may turn it off). */
  watchMedia?: boolean;
}

/** Builds the app from a validated configuration. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const site = await scanSitePages(config.DIST_DIR);
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
  });

  // Every error is answered as JSON without stack traces or file paths.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 ? 'Something went wrong on our side. Please try again later.' : error.message;
    return reply.code(status).send({ error: status >= 500 ? 'Internal Server Error' : 'Bad Request', message });
  });

  const library = await openMediaLibrary({ dir: config.MEDIA_DIR, log: app.log, watch: options.watchMedia ?? true });
  const store = openMessageStore(config.DATA_DIR);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    mailTo: config.MAIL_TO,
    mailFrom: config.MAIL_FROM,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    links: readStreamingLinks(),
    log: app.log,
  });
  const outbox = startOutbox({
    store,
    mailer,
    log: app.log,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
  });
  // Closing order: stop taking requests (Fastify), finish the delivery in progress, then
  // close the database it writes to.
  app.addHook('onClose', async () => {
    library.close();
    await outbox.close();
    store.close();
  });

  const mediaOrigin = config.MEDIA_BASE_URL.startsWith('http') ? new URL(config.MEDIA_BASE_URL).origin : null;
  await app.register(securityHeaders, { cspDirectives: cspDirectives({ ...site, mediaOrigin }) });
  // Browsers on the configured site origins (a CDN serving the pages) may call the API.
  await app.register(cors, { origin: config.SITE_ORIGINS.length > 0 ? config.SITE_ORIGINS : false });
  await app.register(healthRoutes);
  await app.register(contactRoutes, {
    store,
    outbox,
    perClientPerMinute: config.CONTACT_RATE_LIMIT,
    globalPerMinute: config.CONTACT_GLOBAL_LIMIT,
  });
  await app.register(graphqlRoutes, {
    library,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    development: isDevelopment(config),
  });
  await app.register(mediaRoutes, { library, mediaDir: config.MEDIA_DIR });
  await app.register(siteRoutes, { distDir: config.DIST_DIR, pages: site.pages });
  return app;
}
