/**
 * The application: the services (plugins/), the security headers and the routes on one Fastify
 * instance. It never listens; `main.ts` does, and tests use `app.inject`.
 */
import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { isDevelopment, type Config } from './config.ts';
import fansPlugin from './plugins/fans.ts';
import inboxPlugin from './plugins/inbox.ts';
import mediaLibraryPlugin from './plugins/media-library.ts';
import { publicLibrary } from './services/media/public-library.ts';
import numbersPlugin from './plugins/numbers.ts';
import publisherPlugin, { projectDirOf, type PublishOptions } from './plugins/publisher.ts';
import redisPlugin from './plugins/redis.ts';
import renditionsPlugin from './plugins/renditions.ts';
import securityHeaders, { EVERY_RESPONSE, NON_DOCUMENT_CSP } from './plugins/security-headers.ts';
import studioPlugin from './plugins/studio.ts';
import contactRoutes from './routes/contact.ts';
import eventsRoutes from './routes/events.ts';
import fansRoutes from './routes/fans.ts';
import graphqlRoutes from './routes/graphql.ts';
import healthRoutes from './routes/health.ts';
import mediaRoutes from './routes/media.ts';
import oembedRoutes from './routes/oembed.ts';
import siteRoutes from './routes/site.ts';
import studioAnnouncementsRoutes from './routes/studio-announcements.ts';
import studioContentRoutes from './routes/studio-content.ts';
import studioFansRoutes from './routes/studio-fans.ts';
import studioMessagesRoutes from './routes/studio-messages.ts';
import studioMusicRoutes from './routes/studio-music.ts';
import studioMusicTracksRoutes from './routes/studio-music-tracks.ts';
import studioNumbersRoutes from './routes/studio-numbers.ts';
import studioPublishRoutes from './routes/studio-publish.ts';
import studioUploadsRoutes from './routes/studio-uploads.ts';
import { dropUnusableForwardedFor, trustedPeer } from './services/http/client-network.ts';
import { siteFacts } from './services/numbers/event-validation.ts';
import { answerClientError, errorBody, lacksRequiredHost, MISSING_HOST } from './services/http/error-answers.ts';
import { mediaTrash } from './services/media/media-trash.ts';
import { openContentStore, type ContentStoreOptions } from './services/studio-content/content-store.ts';
import { STUDIO_ITSELF } from './services/studio-content/video-thumbnails.ts';
import { ffprobeBeside } from './services/media/upload/audio-probe.ts';
import { loggedRequest } from './services/http/logged-request.ts';
import { MAX_REQUEST_BODY_BYTES } from './services/http/request-limits.ts';
import { STUDIO_API_PREFIX } from '../src/lib/studio-auth.ts';
import { MUSIC_ROUTES } from '../src/lib/studio-music.ts';
import { studioHasOwnHost, studioHostGuard } from './services/studio/studio-host.ts';

/**
 * The security headers of an answer Fastify gives before any hook runs (a URL whose
 * percent-encoding cannot be decoded): the security-headers plugin never sees it.
 */
const EARLY_ERROR_HEADERS = { ...EVERY_RESPONSE, 'content-security-policy': NON_DOCUMENT_CSP };

export interface BuildOptions {
  /** Rebuild the media index when files change (default true; tests may turn it off). */
  watchMedia?: boolean;
  /** Where and what the studio's publishing builds (tests give a small fixture build). */
  publish?: PublishOptions;
}

/** Builds the app from a validated configuration. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, serializers: { req: loggedRequest } },
    // Only a listed proxy is believed, for one hop: the address it appended. Anyone else
    // reaching the port directly is the client, whatever X-Forwarded-For it writes.
    trustProxy: config.TRUST_PROXY.length > 0 ? trustedPeer(config.TRUST_PROXY) : false,
    // Runs before anything reads the request (the request log, the limits): a forwarded value
    // that is not an IP address never becomes a client address.
    ...(config.TRUST_PROXY.length > 0 && {
      rewriteUrl: (request: IncomingMessage) => {
        dropUnusableForwardedFor(request.headers);
        return request.url ?? '/';
      },
    }),
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    return503OnClosing: true,
    // Without this, such an answer lacks the security headers and echoes the URL with
    // Fastify's internal error code.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid.' : 'The request is not valid.';
      // The reply's generic route types name no status codes; this one answers any route.
      void (reply as FastifyReply).code(400).headers(EARLY_ERROR_HEADERS).send(errorBody(400, message));
    },
    // The answers Node writes itself (a malformed request, 431, 408) carry our headers too.
    clientErrorHandler: answerClientError(EARLY_ERROR_HEADERS),
    // A client must send its whole request within this time: without a limit, a slow-loris
    // client dripping a body byte by byte holds its connection (and a file descriptor) forever.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // A connection idle that long is closed, also mid-answer: a client that stops reading a
    // large file would otherwise hold its socket and the open file forever.
    connectionTimeout: config.SEND_TIMEOUT_MS,
    // Given to Node's server at creation too: set only afterwards (as Fastify does), the limit
    // cuts off slow headers but not a slow body. Node checks it every 30 s by default; check
    // often enough that it means what it says.
    http: {
      // Checked by a hook below, so that answer carries the security headers too.
      requireHostHeader: false,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_MS),
    },
  });

  // Every error is answered as JSON without stack traces or file paths.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 ? 'Something went wrong on our side. Please try again later.' : error.message;
    return reply.code(status).send(errorBody(status, message));
  });

  // The studio's content: a new video's thumbnail is fetched when it is saved, and each publish
  // tries again for the videos still without one.
  const content: ContentStoreOptions = {
    contentDir: config.CONTENT_DIR,
    mediaFolder: config.STUDIO_MEDIA_FOLDER,
    maxImageBytes: config.STUDIO_MAX_IMAGE_BYTES,
    videoThumbnails: { origin: config.VIDEO_THUMBNAIL_ORIGIN, timeoutMs: config.VIDEO_THUMBNAIL_TIMEOUT_MS },
    onThumbnailFailure: (id, reason) => app.log.warn({ video: id, reason }, 'no thumbnail for a video'),
  };
  const beforeBuild = async (contentDir: string) =>
    (await openContentStore({ ...content, contentDir })).keepMissingThumbnails(STUDIO_ITSELF);

  // The services, each closed by its own onClose hook: Fastify runs them in the reverse order
  // of registration, so a service closes before what it depends on, after the last request.
  try {
    await app.register(inboxPlugin, { config });
    await app.register(fansPlugin, { config });
    await app.register(redisPlugin, { url: config.REDIS_URL });
    await app.register(mediaLibraryPlugin, { dir: config.MEDIA_DIR, watch: options.watchMedia ?? true });
    await app.register(renditionsPlugin, { config });
    await app.register(publisherPlugin, { config, publish: options.publish, beforeBuild });
    await app.register(numbersPlugin, { config });
  } catch (error) {
    // What did open (the database, a connection) is closed: the caller only gets the error.
    await app.close().catch(() => undefined);
    throw error;
  }
  const { inbox, fans, redis, library, renditions, site, numbers } = app;
  // A new build may serve a release an announcement waits for.
  site.onInstall(() => fans?.outbox.notify());
  // What visitors may play: the library without the music of releases still to come.
  const music = publicLibrary(library, () => site.current.datedReleases);

  // Cookies parsed by @fastify/cookie: the `lang` cookie is the visitor's saved language.
  await app.register(cookie);
  await app.register(securityHeaders, { pageCsp: () => site.current.pageCsp });
  app.addHook('onRequest', async (request, reply) => {
    if (!lacksRequiredHost(request.raw)) return undefined;
    return reply.code(400).header('Connection', 'close').send(errorBody(400, MISSING_HOST));
  });
  // A studio on a host of its own shares nothing with the public pages.
  if (studioHasOwnHost(config.STUDIO_ORIGIN, config.PUBLIC_ORIGIN))
    app.addHook('onRequest', studioHostGuard(config.STUDIO_ORIGIN, config.PUBLIC_ORIGIN));
  // Browsers on the configured site origins (a CDN serving the pages) may call the API.
  await app.register(cors, { origin: config.SITE_ORIGINS.length > 0 ? config.SITE_ORIGINS : false });
  await app.register(healthRoutes);
  await app.register(contactRoutes, {
    inbox,
    perClientPerMinute: config.CONTACT_RATE_LIMIT,
    perNetworkPerMinute: config.CONTACT_NETWORK_LIMIT,
    redis,
    globalPerMinute: config.CONTACT_GLOBAL_LIMIT,
  });
  await app.register(fansRoutes, {
    fans,
    perClientPerMinute: config.CONTACT_RATE_LIMIT,
    perNetworkPerMinute: config.CONTACT_NETWORK_LIMIT,
    confirmationsPerHour: config.FAN_CONFIRMATIONS_PER_HOUR,
    redis,
  });
  await app.register(graphqlRoutes, {
    library: music,
    renditions,
    mediaBaseUrl: config.MEDIA_BASE_URL,
    development: isDevelopment(config),
    perClientPerMinute: config.GRAPHQL_RATE_LIMIT,
    redis,
    cache: { maxAge: config.GRAPHQL_CACHE_MAX_AGE, staleWhileRevalidate: config.GRAPHQL_CACHE_STALE },
  });
  await app.register(mediaRoutes, { library: music, mediaDir: config.MEDIA_DIR, renditions });
  await app.register(eventsRoutes, {
    tally: numbers?.tally ?? null,
    site: siteFacts(site, music, renditions),
    perClientPerMinute: config.EVENTS_RATE_LIMIT,
    perNetworkPerMinute: config.EVENTS_NETWORK_LIMIT,
    redis,
  });
  // The artist's studio: its page, its sign-in, and, behind them, editing the content and
  // publishing it (each save starts a new build of the site), and the music: uploads of
  // masters, playlists, their order and the trash.
  const publisher = app.publisher;
  const studioApi = STUDIO_API_PREFIX.replace(/\/$/, '');
  await app.register(studioPlugin, {
    config,
    redis,
    routes: [
      (scope) =>
        scope.register(studioContentRoutes, {
          prefix: studioApi,
          ...content,
          onSaved: () => void publisher.requestBuild(),
        }),
      (scope) => scope.register(studioPublishRoutes, { prefix: studioApi, publisher }),
      // Its paths are whole (the studio's page names them too): no prefix.
      (scope) => scope.register(studioMessagesRoutes, { inbox }),
      (scope) =>
        scope.register(studioMusicRoutes, {
          prefix: studioApi,
          library,
          renditions,
          mediaDir: config.MEDIA_DIR,
          contentDir: config.CONTENT_DIR,
          trash: mediaTrash(config.MEDIA_DIR),
          maxUploadBytes: config.MEDIA_UPLOAD_MAX_BYTES,
        }),
      (scope) =>
        scope.register(studioMusicTracksRoutes, {
          prefix: studioApi,
          library,
          mediaDir: config.MEDIA_DIR,
          contentDir: config.CONTENT_DIR,
        }),
      (scope) =>
        scope.register(studioUploadsRoutes, {
          prefix: studioApi,
          path: MUSIC_ROUTES.uploads,
          uploadsDir: config.UPLOADS_DIR,
          mediaDir: config.MEDIA_DIR,
          maxBytes: config.MEDIA_UPLOAD_MAX_BYTES,
          ffprobe: ffprobeBeside(config.FFMPEG_PATH),
          onPlaced: () => library.rescan(),
        }),
      (scope) => scope.register(studioNumbersRoutes, { prefix: studioApi, numbers }),
      // Its paths are whole, as the studio's page names them.
      (scope) => scope.register(studioFansRoutes, { fans, mailsPerMinute: config.LIST_MAILS_PER_MINUTE }),
      (scope) =>
        scope.register(studioAnnouncementsRoutes, {
          fans,
          contentDir: config.CONTENT_DIR,
          projectDir: projectDirOf(options.publish),
          artistAddress: config.MAIL_TO,
          ffmpegPath: config.FFMPEG_PATH,
        }),
    ],
  });
  await app.register(oembedRoutes, { site });
  await app.register(siteRoutes, { site });
  return app;
}
