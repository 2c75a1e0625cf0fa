/**
 * The resumable uploads of masters (tus) at `/studio/api/uploads`, behind the studio's session
 * and Origin checks. The tus server reads the request and writes the answer itself: Fastify
 * leaves the body unread and hands the raw request over, with the headers its hooks set.
 * Expired unfinished uploads are removed at the first upload request and every hour.
 */
import { mkdir } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { openUploads, type UploadOptions } from '../services/media/upload/tus-uploads.ts';
import { refuse, STUDIO_HEADERS } from '../services/studio/studio-http.ts';

export type StudioUploadsOptions = Omit<UploadOptions, 'log'>;

/** The methods of the tus protocol (creation, resuming, termination, discovery). */
const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'];
const HOUR_MS = 60 * 60 * 1000;

const studioUploadsRoutes: FastifyPluginAsync<StudioUploadsOptions> = async (app, options) => {
  // Made here, where a failure can be handled: tus's file store would make it in the
  // background and throw out of the process if it could not. Without it, only uploads stop.
  const usable = await mkdir(options.uploadsDir, { recursive: true }).then(
    () => true,
    (error: unknown) => {
      app.log.error({ reason: (error as Error).message }, 'the studio cannot keep uploads in UPLOADS_DIR');
      return false;
    },
  );
  if (!usable) {
    const unavailable = async (_request: FastifyRequest, reply: FastifyReply) =>
      refuse(reply, 503, 'STUDIO_UNAVAILABLE', 'Uploads are not available right now.');
    app.route({ method: TUS_METHODS, url: '/uploads', handler: unavailable });
    app.route({ method: TUS_METHODS, url: '/uploads/:id', handler: unavailable });
    return;
  }
  // Made on first use: tus's file store makes its folder again in the background when it is
  // created, and would throw out of the process should the folder be gone by then (an app
  // started and stopped at once, its data folder removed).
  let tus: ReturnType<typeof openUploads> | null = null;
  const uploads = () => (tus ??= openUploads({ ...options, log: app.log }));
  const cleanUp = () =>
    void uploads()
      .cleanUpExpiredUploads()
      .catch((error: unknown) => {
        app.log.warn({ reason: (error as Error).message }, 'could not remove expired uploads');
      });
  const timer = setInterval(cleanUp, HOUR_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // tus streams the body into its file itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...STUDIO_HEADERS })) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    const first = tus === null;
    await uploads().handle(request.raw, reply.raw);
    if (first) cleanUp();
  };
  app.route({ method: TUS_METHODS, url: '/uploads', handler });
  app.route({ method: TUS_METHODS, url: '/uploads/:id', handler });
};

export default studioUploadsRoutes;
