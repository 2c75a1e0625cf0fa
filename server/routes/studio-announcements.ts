/**
 * The artist's announcements to his fans, in the studio (behind its session and Origin
 * checks): the releases to announce and the announcements with their progress; a release's
 * words filled in for each language; each language's mail as its fans will read it; a test
 * copy of every language to the artist; and sending, now or at the release's moment.
 */
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES } from '../../src/lib/languages.ts';
import { releaseInstant } from '../../src/lib/pre-release.ts';
import {
  FANS_ROUTES,
  type AnnouncementDraft,
  type AnnouncementPreview,
  type AnnouncementsOverview,
  type DraftRequest,
  type NewAnnouncementRequest,
  type TestRequest,
  type TestSent,
} from '../../src/lib/studio-fans.ts';
import type { Fans } from '../plugins/fans.ts';
import { fanMailContent } from '../services/fans/fan-mail-texts.ts';
import { mailCover, type CoverFolders } from '../services/fans/mail-cover.ts';
import type { ReleaseFile } from '../services/media/music-releases.ts';
import { fanLinks } from '../services/fans/fan-outbox.ts';
import {
  announceableReleases,
  releaseDraft,
  releaseFile,
  validateDraft,
} from '../services/fans/release-announcement.ts';
import { handlersNeeding, ID_PARAMS, refuse } from '../services/studio/studio-http.ts';
import '../services/studio/studio-person.ts';

export interface StudioAnnouncementsOptions extends CoverFolders {
  fans: Fans | null;
  /** Who gets the artist's test copy: the address his messages go to. */
  artistAddress: string;
  /** The ffmpeg that makes a release's cover small for the mails. */
  ffmpegPath: string;
}

const SLUG = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 200 } as const;
const TEXTS_BODY = { type: 'object', required: ['texts'], properties: { texts: { type: 'object' } } } as const;
/** A release's slug, or null for a free announcement. */
const RELEASE_OR_NULL = { anyOf: [SLUG, { type: 'null' }] } as const;
const TEST_BODY = { ...TEXTS_BODY, properties: { ...TEXTS_BODY.properties, release: RELEASE_OR_NULL } } as const;
const NEW_ANNOUNCEMENT_BODY = {
  type: 'object',
  required: ['release', 'texts', 'when'],
  properties: { release: RELEASE_OR_NULL, texts: { type: 'object' }, when: { enum: ['now', 'release'] } },
  additionalProperties: false,
} as const;
/** Three languages of subject, text (5,000 characters) and link, escaped as JSON. */
const BODY_LIMIT = 128 * 1024;
/** Where a preview's leave link points: a fan's own link holds their secret instead. */
const PREVIEW_TOKEN = 'preview';

const studioAnnouncementsRoutes: FastifyPluginAsync<StudioAnnouncementsOptions> = async (app, options) => {
  const withFans = handlersNeeding(options.fans, 'The fans list');
  /** The release's cover made small for the mails; without it (ffmpeg failed) the mails go without. */
  const coverOf = (file: ReleaseFile, log: FastifyBaseLogger) =>
    mailCover(options, file, options.ffmpegPath, (reason) =>
      log.warn({ release: file.slug, reason }, 'the release’s cover could not be made small for the mails'),
    );
  /** Wraps the handlers of an announcement's words: each runs with the list and the words checked. */
  const withWords = <R extends FastifyRequest<{ Body: { texts: unknown } }>>(
    handle: (fans: Fans, texts: AnnouncementDraft, request: R, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    withFans<R>(async (fans, request, reply) => {
      const checked = validateDraft(request.body.texts);
      if (!checked.ok) return refuse(reply, 400, 'INVALID_REQUEST', `${checked.field}: ${checked.error}`);
      return handle(fans, checked.texts, request, reply);
    });

  app.get(
    FANS_ROUTES.announcements,
    withFans(async (fans, _request, reply) => {
      const [announcements, releases] = await Promise.all([
        fans.store.announcements.list(),
        announceableReleases(options),
      ]);
      const overview: AnnouncementsOverview = { announcements, releases };
      return reply.header('cache-control', 'no-store').send(overview);
    }),
  );

  app.post<{ Body: DraftRequest }>(
    FANS_ROUTES.draft,
    { schema: { body: { type: 'object', required: ['release'], properties: { release: SLUG } } } },
    withFans(async (fans, request, reply) => {
      const file = await releaseFile(options.contentDir, request.body.release);
      if (!file) return refuse(reply, 404, 'NOT_FOUND', 'There is no such release.');
      return reply.send(releaseDraft(file, fans.siteOrigin));
    }),
  );

  app.post<{ Body: { texts: unknown } }>(
    FANS_ROUTES.preview,
    { bodyLimit: BODY_LIMIT, schema: { body: TEXTS_BODY } },
    withWords(async (fans, texts, _request, reply) => {
      const preview = Object.fromEntries(
        LANGUAGES.map((lang) => [
          lang,
          fanMailContent('announcement', lang, fanLinks(fans.siteOrigin, lang, PREVIEW_TOKEN), texts[lang]),
        ]),
      ) as AnnouncementPreview;
      return reply.send(preview);
    }),
  );

  app.get<{ Params: { release: string } }>(
    `${FANS_ROUTES.announcements}/cover/:release`,
    { schema: { params: { type: 'object', required: ['release'], properties: { release: SLUG } } } },
    withFans(async (_fans, request, reply) => {
      const file = await releaseFile(options.contentDir, request.params.release);
      const cover = file && (await coverOf(file, request.log));
      if (!cover) return refuse(reply, 404, 'NOT_FOUND', 'That release has no cover to show.');
      return reply.type('image/jpeg').send(Buffer.from(cover));
    }),
  );

  app.post<{ Body: TestRequest }>(
    FANS_ROUTES.test,
    { bodyLimit: BODY_LIMIT, schema: { body: TEST_BODY } },
    withWords(async (fans, texts, request, reply) => {
      const file = request.body.release ? await releaseFile(options.contentDir, request.body.release) : null;
      if (request.body.release && !file) return refuse(reply, 404, 'NOT_FOUND', 'There is no such release.');
      const cover = file ? await coverOf(file, request.log) : null;
      for (const lang of LANGUAGES) {
        const links = fanLinks(fans.siteOrigin, lang, PREVIEW_TOKEN);
        await fans.mailer.sendFanMail(
          {
            id: 0,
            kind: 'announcement',
            fanId: 0,
            email: options.artistAddress,
            lang,
            token: PREVIEW_TOKEN,
            attempts: 0,
            announcement: { id: 0, texts: texts[lang] },
          },
          links,
          { cover, test: true },
        );
      }
      const sent: TestSent = { languages: [...LANGUAGES] };
      return reply.send(sent);
    }),
  );

  app.post<{ Body: NewAnnouncementRequest }>(
    FANS_ROUTES.announcements,
    { bodyLimit: BODY_LIMIT, schema: { body: NEW_ANNOUNCEMENT_BODY } },
    withWords(async (fans, texts, request, reply) => {
      const { release, when } = request.body;
      const file = release === null ? null : await releaseFile(options.contentDir, release);
      if (release !== null && !file) return refuse(reply, 404, 'NOT_FOUND', 'There is no such release.');
      const moment = releaseInstant(file?.release.releaseAt);
      if (when === 'release' && moment === null) {
        return refuse(reply, 400, 'INVALID_REQUEST', 'This release has no moment to send at: send it now.');
      }
      const now = Date.now();
      const id = await fans.store.announcements.create({
        release,
        texts,
        cover: file ? await coverOf(file, request.log) : null,
        sendAtMs: when === 'release' && moment !== null ? moment : now,
        afterRelease: when === 'release',
      });
      fans.outbox.notify();
      request.log.info({ person: request.studioPerson?.id, announcement: id, release, when }, 'announcement created');
      const created = (await fans.store.announcements.list()).find((announcement) => announcement.id === id);
      return reply.code(201).send(created);
    }),
  );

  app.delete<{ Params: { id: number } }>(
    `${FANS_ROUTES.announcements}/:id`,
    { schema: { params: ID_PARAMS } },
    withFans(async (fans, request, reply) => {
      if (!(await fans.store.announcements.cancel(request.params.id))) {
        return refuse(reply, 404, 'NOT_FOUND', 'There is no announcement waiting to be sent with that number.');
      }
      request.log.info({ person: request.studioPerson?.id, announcement: request.params.id }, 'announcement cancelled');
      return reply.code(204).send();
    }),
  );
};

export default studioAnnouncementsRoutes;
