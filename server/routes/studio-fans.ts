/**
 * The studio's view of the fans' list (behind the studio's session and Origin checks): the
 * counts per language, the joins and leaves of recent weeks and every fan; erasing one; the
 * exports as JSON or CSV, as `npm run fans` prints them; and an import of addresses, each of
 * which gets a confirmation mail (never a direct add), spaced at LIST_MAILS_PER_MINUTE.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGES } from '../../src/lib/languages.ts';
import {
  FAN_IMPORT_MAX_CHARS,
  FAN_WEEKS_SHOWN,
  FANS_ROUTES,
  type FanImportAnswer,
  type FanImportRequest,
  type FansOverview,
} from '../../src/lib/studio-fans.ts';
import type { Fans } from '../plugins/fans.ts';
import { fansCsv, fansJson, importRows } from '../services/fans/fan-files.ts';
import { handlersNeeding, ID_PARAMS, refuse } from '../services/studio/studio-http.ts';
import '../services/studio/studio-person.ts';

export interface StudioFansOptions {
  /** Null while the store cannot be used: the routes then say the list is unavailable. */
  fans: Fans | null;
  /** The pace of the list's mails: an import's confirmations go out at it. */
  mailsPerMinute: number;
}

/** An import's body: the CSV's text as JSON, a little over its limit in bytes for the escapes. */
const IMPORT_BODY_LIMIT = FAN_IMPORT_MAX_CHARS * 2;

const EXPORTS = [
  { path: FANS_ROUTES.exportJson, extension: 'json', type: 'application/json; charset=utf-8', write: fansJson },
  { path: FANS_ROUTES.exportCsv, extension: 'csv', type: 'text/csv; charset=utf-8', write: fansCsv },
] as const;

const studioFansRoutes: FastifyPluginAsync<StudioFansOptions> = async (app, { fans, mailsPerMinute }) => {
  const withFans = handlersNeeding(fans, 'The fans list');

  app.get(
    FANS_ROUTES.list,
    withFans(async (list, _request, reply) => {
      const [counts, weeks, all] = await Promise.all([
        list.store.counts(),
        list.store.weeks(FAN_WEEKS_SHOWN),
        list.store.list(),
      ]);
      const overview: FansOverview = { counts, weeks, fans: all };
      return reply.header('cache-control', 'no-store').send(overview);
    }),
  );

  app.delete<{ Params: { id: number } }>(
    `${FANS_ROUTES.list}/:id`,
    { schema: { params: ID_PARAMS } },
    withFans(async (list, request, reply) => {
      if (!(await list.store.erase(request.params.id))) return refuse(reply, 404, 'NOT_FOUND', 'There is no such fan.');
      request.log.info({ person: request.studioPerson?.id, fanId: request.params.id }, 'fan erased');
      return reply.code(204).send();
    }),
  );

  app.post<{ Body: FanImportRequest }>(
    FANS_ROUTES.import,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          required: ['csv', 'lang'],
          properties: { csv: { type: 'string', maxLength: FAN_IMPORT_MAX_CHARS }, lang: { enum: [...LANGUAGES] } },
          additionalProperties: false,
        },
      },
    },
    withFans(async (list, request, reply) => {
      const { entries, invalid } = importRows(request.body.csv, request.body.lang);
      const imported = await list.store.importAddresses(entries, Math.ceil(60_000 / mailsPerMinute));
      if (imported.queued > 0) list.outbox.notify();
      request.log.info({ person: request.studioPerson?.id, ...imported, invalid: invalid.length }, 'fans imported');
      const answer: FanImportAnswer = { ...imported, invalid };
      return reply.send(answer);
    }),
  );

  for (const { path, extension, type, write } of EXPORTS) {
    app.get(
      path,
      withFans(async (list, _request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type(type)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="fans-${day}.${extension}"`)
          .send(write(await list.store.list()));
      }),
    );
  }
};

export default studioFansRoutes;
