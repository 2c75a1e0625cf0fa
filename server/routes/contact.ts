/**
 * `POST /api/send-email` (SPEC §7.1): validates, stores the message durably, then answers;
 * delivery happens afterwards in the outbox. Rate limited per client address and overall.
 * Every refusal is JSON naming the problem; what was already stored is never lost.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { validateContact } from '../services/contact-validation.ts';
import type { Inbox } from '../services/message-inbox.ts';

export interface ContactRoutesOptions {
  /** The store and its outbox; null from `open()` while the data folder is unusable. */
  inbox: Inbox;
  /** Messages a minute from one client address. */
  perClientPerMinute: number;
  /** Messages a minute from everyone together. */
  globalPerMinute: number;
}

const BODY_LIMIT_BYTES = 16 * 1024;
const MINUTE_MS = 60_000;
const UNAVAILABLE = 'We could not store your message right now. Please try again in a few minutes.';

interface Answer {
  success: boolean;
  message: string;
  field?: string;
  autoReplyStatus?: 'queued' | 'skipped';
}

const refuse = (reply: FastifyReply, status: number, answer: Omit<Answer, 'success'>) =>
  reply.code(status).send({ success: false, ...answer } satisfies Answer);

const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, options) => {
  const { inbox } = options;

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: `Too many messages. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  // Everyone together: a fixed one-minute window, so a crowd of addresses cannot flood the
  // artist's inbox either.
  let windowStart = 0;
  let windowCount = 0;
  const underGlobalCap = (now: number) => {
    if (now - windowStart >= MINUTE_MS) {
      windowStart = now;
      windowCount = 0;
    }
    windowCount += 1;
    return windowCount <= options.globalPerMinute;
  };

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error.statusCode === 429) return reply.code(429).send(error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return refuse(reply, 413, { field: 'body', message: 'The message is too large (16 KB at most).' });
    }
    if (error.statusCode === 400 || error.statusCode === 415) {
      return refuse(reply, 400, { field: 'body', message: 'The body must be JSON.' });
    }
    request.log.error({ err: error }, 'contact request failed');
    return refuse(reply, 500, { message: 'Something went wrong on our side. Please try again later.' });
  });

  app.post(
    '/api/send-email',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      config: { rateLimit: { max: options.perClientPerMinute, timeWindow: MINUTE_MS } },
      onRequest: async (request, reply) => {
        if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
          return refuse(reply, 400, {
            field: 'body',
            message: 'The body must be JSON (Content-Type: application/json).',
          });
        }
        if (!underGlobalCap(Date.now())) {
          reply.header('Retry-After', Math.ceil((windowStart + MINUTE_MS - Date.now()) / 1000));
          return refuse(reply, 429, { message: 'Too many messages right now. Please try again in a minute.' });
        }
        return undefined;
      },
    },
    async (request, reply) => {
      const result = validateContact(request.body);
      if (!result.ok) return refuse(reply, 400, { field: result.field, message: result.error });
      if (result.isBot) {
        request.log.info('contact honeypot filled: discarded');
        return reply.code(202).send({ success: true, message: 'Message received.', autoReplyStatus: 'skipped' });
      }
      // Null while the data folder cannot be used: say so rather than pretend (the log has why).
      const opened = inbox.open();
      let stored;
      try {
        if (!opened) throw new Error('the contact messages database is not open');
        stored = opened.store.add(result.message);
      } catch (error) {
        request.log.error({ err: error }, 'could not store a contact message');
        reply.header('Retry-After', 60);
        return refuse(reply, 503, { message: UNAVAILABLE });
      }
      if (!stored.duplicate) opened.outbox.notify();
      return reply.code(202).send({
        success: true,
        message: 'Message received.',
        autoReplyStatus: stored.message.replyStatus === 'skipped' ? 'skipped' : 'queued',
      } satisfies Answer);
    },
  );
};

export default contactRoutes;
