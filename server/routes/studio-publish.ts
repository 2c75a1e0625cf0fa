/**
 * The studio's publishing: where the last build stands (`GET /publish`), a build started by
 * hand (`POST /publish`), and going back to the build before (`POST /publish/rollback`).
 * Registered under `/studio/api`, behind the studio's session check.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../services/http/error-answers.ts';
import type { Publisher, RollbackResult } from '../services/publish/publisher.ts';
import '../services/studio/studio-person.ts';

export interface StudioPublishOptions {
  publisher: Publisher;
}

/** The answer's shape, so Fastify serialises exactly these fields and nothing else. */
const STATUS_SCHEMA = {
  type: 'object',
  properties: {
    state: { type: 'string', enum: ['idle', 'building', 'published', 'failed'] },
    startedAt: { type: ['string', 'null'] },
    publishedAt: { type: ['string', 'null'] },
    error: { type: ['string', 'null'] },
    progress: {
      type: ['object', 'null'],
      properties: {
        stage: { type: 'string' },
        step: { type: 'integer' },
        steps: { type: 'integer' },
        pages: { type: 'integer' },
      },
    },
    tookMs: { type: ['integer', 'null'] },
    canRollback: { type: 'boolean' },
  },
} as const;
const ERROR_SCHEMA = { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } };

const ROLLBACK_REFUSALS: Record<Exclude<RollbackResult, 'rolled-back'>, string> = {
  busy: 'A build is running: go back once it has finished.',
  'nothing-to-roll-back': 'There is no earlier build to go back to.',
};

/** The session check sets the person; without one, nothing here answers. */
function signedOut(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  if (request.studioPerson) return null;
  return reply.code(401).send(errorBody(401, 'Sign in to the studio first.'));
}

const studioPublishRoutes: FastifyPluginAsync<StudioPublishOptions> = async (app, { publisher }) => {
  app.get('/publish', { schema: { response: { 200: STATUS_SCHEMA, 401: ERROR_SCHEMA } } }, async (request, reply) => {
    return signedOut(request, reply) ?? reply.send(await publisher.status());
  });

  app.post('/publish', { schema: { response: { 202: STATUS_SCHEMA, 401: ERROR_SCHEMA } } }, async (request, reply) => {
    if (signedOut(request, reply)) return reply;
    request.log.info({ person: request.studioPerson?.id }, 'publishing asked by hand');
    await publisher.requestBuild();
    return reply.code(202).send(await publisher.status());
  });

  app.post(
    '/publish/rollback',
    { schema: { response: { 200: STATUS_SCHEMA, 401: ERROR_SCHEMA, 409: ERROR_SCHEMA } } },
    async (request, reply) => {
      if (signedOut(request, reply)) return reply;
      const result = await publisher.rollback();
      if (result !== 'rolled-back') return reply.code(409).send(errorBody(409, ROLLBACK_REFUSALS[result]));
      request.log.info({ person: request.studioPerson?.id }, 'rolled the site back');
      return reply.send(await publisher.status());
    },
  );
};

export default studioPublishRoutes;
