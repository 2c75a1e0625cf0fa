/**
 * The studio's content backend, mounted under `/studio/api/` where a session is required:
 * `POST /content` speaks Decap CMS's `proxy` backend protocol (simple publishing mode), and
 * `GET /history` and `POST /history/restore` show and bring back a file's past versions. Every
 * refusal is JSON `{ error }` in the editor's language, naming the file and field.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../src/lib/languages.ts';
import { openContentStore, Refusal, type ContentStore, type Saved } from '../services/studio-content/content-store.ts';
import { editorLanguage, MESSAGES, thumbnailMissing } from '../services/studio-content/messages.ts';
import {
  contentRequestSchema,
  restoreRequestSchema,
  type ContentRequest,
} from '../services/studio-content/protocol.ts';
import type { VideoThumbnailOptions } from '../services/studio-content/video-thumbnails.ts';
import type { StudioPerson } from '../services/studio/studio-person.ts';
import { STUDIO_API_PREFIX, STUDIO_LANG_COOKIE } from '../../src/lib/studio-auth.ts';
import { STUDIO_VIDEO_PICTURE_API } from '../../src/lib/video-thumbnails.ts';
import { imageTypeOf } from '../../src/lib/image-type.ts';

export interface StudioContentOptions {
  contentDir: string;
  /** Content-relative folder of uploaded images (`releases/covers`). */
  mediaFolder: string;
  /** The largest image taken, in bytes, before re-encoding. */
  maxImageBytes: number;
  /** Where a new video's thumbnail is fetched from when it is saved; none fetched without it. */
  videoThumbnails?: VideoThumbnailOptions | undefined;
  /** Told why a new video's thumbnail could not be fetched. */
  onThumbnailFailure?: (id: string, reason: string) => void;
  /** Told after every save that changed files (content-relative paths): the site is rebuilt there. */
  onSaved?: (saved: { paths: string[]; person: StudioPerson }) => unknown;
}

/** Room in a request for one image at the limit, as base64 (4 bytes per 3), and the entry beside it. */
const bodyLimitFor = (maxImageBytes: number) => Math.ceil(maxImageBytes / 3) * 4 + 1024 * 1024;

/** The editor's language: one the request names, else the studio's cookie, else the browser's. */
const languageOf = (request: FastifyRequest) => {
  const named = (request.body as { lang?: unknown } | null | undefined)?.lang;
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  const cookie = request.cookies[STUDIO_LANG_COOKIE];
  const given = [named, query, cookie].find((value): value is string => typeof value === 'string');
  return editorLanguage(given, request.headers['accept-language']);
};

const studioContentRoutes: FastifyPluginAsync<StudioContentOptions> = async (app, options) => {
  const store = await openContentStore(options);

  /** The person signed in; the studio's session check runs first, so this only guards a wrong mounting. */
  function personOf(request: FastifyRequest, lang: Lang): StudioPerson {
    if (!request.studioPerson) throw new Refusal(401, MESSAGES.signedOut[lang]);
    return request.studioPerson;
  }

  function afterSave(request: FastifyRequest, saved: Saved, person: StudioPerson): void {
    if (saved.paths.length === 0 || !options.onSaved) return;
    // The save is done and committed: a failing rebuild is the publisher's to report, not this answer's.
    Promise.resolve()
      .then(() => options.onSaved?.({ paths: saved.paths, person }))
      .catch((error: unknown) => request.log.error({ err: error }, 'studio: onSaved failed'));
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, lang: Lang, work: () => Promise<unknown>) {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Refusal)
        return reply.code(error.status).send({ error: error.message, issues: error.issues });
      request.log.error({ err: error }, 'studio: content request failed');
      return reply.code(500).send({ error: MESSAGES.failed[lang] });
    }
  }

  async function act(body: ContentRequest, request: FastifyRequest, store: ContentStore, lang: Lang): Promise<unknown> {
    const saved = async (work: (person: StudioPerson) => Promise<Saved>, reply: unknown) => {
      const person = personOf(request, lang);
      afterSave(request, await work(person), person);
      return reply;
    };
    switch (body.action) {
      case 'info':
        return { repo: 'content', publish_modes: ['simple'], type: 'local_fs' };
      case 'entriesByFolder':
        return store.entriesByFolder(body.params.folder, body.params.extension, body.params.depth);
      case 'entriesByFiles':
        return store.entriesByFiles(body.params.files);
      case 'getEntry':
        return store.getEntry(body.params.path);
      case 'persistEntry': {
        const { entry, dataFiles, assets } = body.params;
        const files = dataFiles ?? (entry ? [entry] : []);
        const person = personOf(request, lang);
        const done = await store.persistEntry(files, assets, person, lang);
        afterSave(request, done, person);
        // Decap reads nothing of this answer; the studio's editor shows the notice.
        const failed = done.thumbnailsFailed ?? [];
        return { message: 'entry persisted', ...(failed.length > 0 && { notice: thumbnailMissing(failed)[lang] }) };
      }
      case 'getMedia':
        return store.getMedia(body.params.mediaFolder);
      case 'getMediaFile':
        return store.getMediaFile(body.params.path, lang);
      case 'persistMedia': {
        const person = personOf(request, lang);
        const { saved: done, file } = await store.persistMedia(body.params.asset, person, lang);
        afterSave(request, done, person);
        return file;
      }
      case 'deleteFile':
        return saved((person) => store.deleteFiles([body.params.path], person, lang), { message: 'file deleted' });
      case 'deleteFiles':
        return saved((person) => store.deleteFiles(body.params.paths, person, lang), { message: 'files deleted' });
      case 'getDeployPreview':
        return null;
      default:
        throw new Refusal(422, MESSAGES.workflowOff[lang]);
    }
  }

  app.post('/content', { bodyLimit: bodyLimitFor(options.maxImageBytes) }, async (request, reply) => {
    const lang = languageOf(request);
    const parsed = contentRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(422).send({ error: MESSAGES.badRequest[lang] });
    return answer(request, reply, lang, () => act(parsed.data, request, store, lang));
  });

  app.get('/history', async (request, reply) => {
    const lang = languageOf(request);
    const path = (request.query as { path?: unknown }).path;
    if (typeof path !== 'string') return reply.code(422).send({ error: MESSAGES.badRequest[lang] });
    return answer(request, reply, lang, async () => ({ git: store.git, commits: await store.history(path, lang) }));
  });

  // The picture a saved video shows on the site, for its form. While it shows the stand-in (or
  // is not saved yet) the answer is empty, not an error: the form then says how to get one.
  app.get(STUDIO_VIDEO_PICTURE_API.slice(STUDIO_API_PREFIX.length - 1), async (request, reply) => {
    const lang = languageOf(request);
    const id = (request.query as { id?: unknown }).id;
    if (typeof id !== 'string') return reply.code(422).send({ error: MESSAGES.badRequest[lang] });
    return answer(request, reply, lang, async () => {
      personOf(request, lang);
      const bytes = await store.videoPicture(id);
      const type = bytes && imageTypeOf(bytes);
      reply.header('cache-control', 'no-store');
      return bytes && type ? reply.type(type).send(bytes) : reply.code(204).send();
    });
  });

  app.post('/history/restore', async (request, reply) => {
    const lang = languageOf(request);
    const parsed = restoreRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(422).send({ error: MESSAGES.badRequest[lang] });
    return answer(request, reply, lang, async () => {
      const person = personOf(request, lang);
      const done = await store.restore(parsed.data.path, parsed.data.commit, person, lang);
      afterSave(request, done, person);
      return done;
    });
  });
};

export default studioContentRoutes;
