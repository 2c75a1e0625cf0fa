/**
 * `POST /api/send-email`, the contact form's call: validates, stores the message durably, then
 * answers, and the outbox delivers it afterwards. Every refusal is JSON naming the problem;
 * what was already stored is never lost.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { networkRateLimit, registerRateLimit } from '../services/http/rate-limits.ts';
import { bodyRefusal, useStrictJson } from '../services/http/strict-json.ts';
import { CONTACT_BODY_SCHEMA, validateContact, type ValidContact } from '../services/contact/contact-validation.ts';
import type { Inbox } from '../services/contact/message-inbox.ts';
import { MAX_REQUEST_BODY_BYTES, MINUTE_MS, type ClientRateLimitOptions } from '../services/http/request-limits.ts';

/** The per-client limit counts every request to the form, valid or not. */
export interface ContactRoutesOptions extends ClientRateLimitOptions {
  /** The store and its outbox; null from `open()` while the data folder is unusable. */
  inbox: Inbox;
  /** Valid messages a minute from one network (IPv4 /24, IPv6 /56). */
  perNetworkPerMinute: number;
  /** Valid messages a minute from everyone together: a last resort, far above one network's share. */
  globalPerMinute: number;
}

const ALREADY_RECEIVED = 'This message was already received.';
const UNAVAILABLE = 'We could not store your message right now. Please try again in a few minutes.';
const BODY_REFUSALS = { tooLarge: 'The message is too large (16 KB at most).', unreadable: 'The body must be JSON.' };

interface Answer {
  success: boolean;
  message: string;
  field?: string;
  /** The same message arrived a moment ago: it is not stored or mailed again. */
  duplicate?: true;
  autoReplyStatus?: 'queued' | 'skipped';
}

const refuse = (reply: FastifyReply, status: number, answer: Omit<Answer, 'success'>) =>
  reply.code(status).send({ success: false, ...answer } satisfies Answer);

const contactRoutes: FastifyPluginAsync<ContactRoutesOptions> = async (app, options) => {
  const { inbox } = options;

  await registerRateLimit(app, options.redis, 'contact-');

  // Three limits, each counting only what passed the one before, so no client can spend a
  // budget that is not its own: per address (every request, valid or not, counted first), per
  // network (valid messages only: many addresses of one network cannot fill the shared
  // budget), and everyone together, a last resort far above what a few networks send, so a
  // handful of flooding networks cannot close the form for anyone else.
  const addressLimit = app.createRateLimit({ max: options.perClientPerMinute, timeWindow: MINUTE_MS });
  const networkLimit = networkRateLimit(app, options.perNetworkPerMinute);
  const globalLimit = app.createRateLimit({
    max: options.globalPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: () => 'everyone',
  });
  /** The refusal when one of the two is spent, else null (and the message is counted). */
  const overLimit = async (request: FastifyRequest) => {
    for (const [limit, message] of [
      [networkLimit, 'Too many messages from your network right now. Please try again in a minute.'],
      [globalLimit, 'Too many messages right now. Please try again in a minute.'],
    ] as const) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) return { retryAfter: result.ttlInSeconds, message };
    }
    return null;
  };

  // A hook of this plugin, so it runs before the route's own hooks: a request refused there
  // (a wrong Content-Type) is counted too, and a client cannot probe the route for free.
  app.addHook('onRequest', async (request, reply) => {
    const result = await addressLimit(request);
    if (result.isAllowed || !result.isExceeded) return undefined;
    reply.header('Retry-After', result.ttlInSeconds);
    return refuse(reply, 429, { message: `Too many messages. Please try again in ${result.ttlInSeconds} seconds.` });
  });

  useStrictJson(app);

  app.setErrorHandler(
    (error: { statusCode?: number; code?: string; message: string; field?: string }, request, reply) => {
      // The route's schema refused the body: name the field.
      if (error.code === 'FST_ERR_VALIDATION')
        return refuse(reply, 400, { field: error.field ?? 'body', message: error.message });
      const refused = bodyRefusal(error, BODY_REFUSALS);
      if (refused) return refuse(reply, refused.status, { field: 'body', message: refused.message });
      request.log.error({ err: error }, 'contact request failed');
      return refuse(reply, 500, { message: 'Something went wrong on our side. Please try again later.' });
    },
  );

  app.post<{ Body: ValidContact }>(
    '/api/send-email',
    {
      bodyLimit: MAX_REQUEST_BODY_BYTES,
      // Fastify validates the body with the message schema (zod, contact-validation.ts) after
      // the per-address limit counted the request; the handler gets it typed and cleaned
      // (trimmed, line breaks as LF), and a refusal names the field.
      schema: { body: CONTACT_BODY_SCHEMA },
      validatorCompiler: () => (body) => {
        const result = validateContact(body);
        if (result.ok) return { value: result };
        return { error: Object.assign(new Error(result.error), { field: result.field }) };
      },
      onRequest: async (request, reply) => {
        if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
          return refuse(reply, 400, {
            field: 'body',
            message: 'The body must be JSON (Content-Type: application/json).',
          });
        }
        return undefined;
      },
    },
    async (request, reply) => {
      const result = request.body;
      if (result.isBot) {
        request.log.info('contact honeypot filled: discarded');
        return reply.code(202).send({ success: true, message: 'Message received.', autoReplyStatus: 'skipped' });
      }
      const limited = await overLimit(request);
      if (limited) {
        reply.header('Retry-After', limited.retryAfter);
        return refuse(reply, 429, { message: limited.message });
      }
      // Null while the data folder cannot be used: say so rather than pretend (the log has why).
      const opened = await inbox.open();
      let stored;
      try {
        if (!opened) throw new Error('the contact messages database is not open');
        stored = await opened.store.add(result.message);
      } catch (error) {
        request.log.error({ err: error }, 'could not store a contact message');
        reply.header('Retry-After', 60);
        return refuse(reply, 503, { message: UNAVAILABLE });
      }
      if (stored.replySkipped === 'hourly-cap') {
        request.log.warn(
          { messageId: stored.message.id },
          'auto-reply skipped: the hourly cap (AUTO_REPLY_HOURLY_LIMIT) is reached; the artist still gets the message',
        );
      }
      const autoReplyStatus = stored.message.replyStatus === 'skipped' ? 'skipped' : 'queued';
      // A resubmission (a double click, a retry after a slow answer) is said to be one: the
      // visitor is not told a new message was taken when nothing new was stored or sent.
      if (stored.duplicate) {
        return reply
          .code(200)
          .send({ success: true, duplicate: true, message: ALREADY_RECEIVED, autoReplyStatus } satisfies Answer);
      }
      if (stored.message.artistStatus === 'held') {
        request.log.info(
          { messageId: stored.message.id, digestAt: new Date(stored.message.nextAttemptAt).toISOString() },
          'mail to the artist held for the next digest: ARTIST_MAILS_PER_HOUR single mails went out this hour',
        );
      }
      opened.outbox.notify();
      return reply.code(202).send({ success: true, message: 'Message received.', autoReplyStatus } satisfies Answer);
    },
  );
};

export default contactRoutes;
