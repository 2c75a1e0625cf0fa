/**
 * The fans' list for visitors: `POST /api/subscribe` (JSON from the enhanced form, or the
 * form's own fields without JavaScript), and the two buttons its mails lead to, each a POST to
 * the page's own address: `/{lang}/fans/confirm?t=…` confirms, `/{lang}/fans/leave?t=…`
 * leaves, also as the one-click POST mail programs send (RFC 8058). Opening a link (a GET, as
 * mail scanners do) only shows the page with its button.
 *
 * A sign-up is answered the same whether the address is new, waiting or already on the list:
 * nobody learns who is on it.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FAN_TOKEN_PARAM, fanPagePath, SUBSCRIBE_API } from '../../src/lib/fans.ts';
import { isLang, type Lang } from '../../src/lib/languages.ts';
import { networkRateLimit, registerRateLimit } from '../services/http/rate-limits.ts';
import { MINUTE_MS, type ClientRateLimitOptions } from '../services/http/request-limits.ts';
import { bodyRefusal, useStrictJson } from '../services/http/strict-json.ts';
import type { Fans } from '../plugins/fans.ts';
import { validateSignUp } from '../services/fans/sign-up-validation.ts';

export interface FansRoutesOptions extends ClientRateLimitOptions {
  fans: Fans | null;
  /** Sign-ups a minute from one network (IPv4 /24, IPv6 /56), as the contact form's messages. */
  perNetworkPerMinute: number;
  /** Confirmation mails an hour to everyone together. */
  confirmationsPerHour: number;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A form's body is a few fields: the sign-up's address and language, or the leave button's one. */
const FORM_BODY_LIMIT = 2048;
const CHECK_MAIL = 'Thank you. Check your inbox and confirm with the link we sent.';
const UNAVAILABLE = 'We could not sign you up right now. Please try again in a few minutes.';
const BODY_REFUSALS = { tooLarge: 'The body is too large.', unreadable: 'The body must be JSON or a form.' };
const NO_STORE = 'no-store';
/** How many times the sign-up's per-client minute the links' buttons get. */
const LINK_ROOM = 100;

const refuse = (reply: FastifyReply, status: number, answer: { message: string; field?: string }) =>
  reply
    .code(status)
    .header('Cache-Control', NO_STORE)
    .send({ success: false, ...answer });

/** The form's fields posted without JavaScript, as an object; a repeated field keeps its first value. */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) if (!(name in fields)) fields[name] = value;
  return fields;
}

const isForm = (request: FastifyRequest) => (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_TYPE);

/** The link's token, or '' when the URL has none. */
const tokenOf = (request: FastifyRequest<{ Querystring: Record<string, unknown> }>) => {
  const token = request.query[FAN_TOKEN_PARAM];
  return typeof token === 'string' ? token : '';
};

/** The page a button leads to, in the fan's language (else the link's). */
const seeOther = (reply: FastifyReply, path: string) =>
  reply.code(303).header('Cache-Control', NO_STORE).header('Location', path).send();

const fansRoutes: FastifyPluginAsync<FansRoutesOptions> = async (app, options) => {
  const { fans } = options;

  await registerRateLimit(app, options.redis, 'fans-');
  const clientLimit = app.createRateLimit({ max: options.perClientPerMinute, timeWindow: MINUTE_MS });
  // The links' buttons: a mail provider's one-click leaves all come from its few servers, so
  // they get far more room than a visitor's form; a token of 256 random bits is not guessed.
  const linkLimit = app.createRateLimit({
    max: options.perClientPerMinute * LINK_ROOM,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `link ${request.ip}`,
  });
  const networkLimit = networkRateLimit(app, options.perNetworkPerMinute);

  // Every request counts against its client's minute, valid or not, before anything reads its
  // body: the sign-up's own limit, or the links' wider one.
  app.addHook('onRequest', async (request, reply) => {
    const limit = request.url.startsWith(SUBSCRIBE_API) ? clientLimit : linkLimit;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return undefined;
    reply.header('Retry-After', result.ttlInSeconds);
    return refuse(reply, 429, { message: `Too many requests. Please try again in ${result.ttlInSeconds} seconds.` });
  });

  useStrictJson(app);
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, formFields(body as string)),
  );
  // A one-click leave may come as multipart/form-data (RFC 8058 prefers it): its body says
  // nothing the URL does not, so any other type is taken unread and left to the route.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) =>
    done(null, null),
  );

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const refused = bodyRefusal(error, BODY_REFUSALS);
    if (refused) return refuse(reply, refused.status, { field: 'body', message: refused.message });
    request.log.error({ err: error }, 'fans request failed');
    return refuse(reply, 500, { message: 'Something went wrong on our side. Please try again later.' });
  });

  app.post(SUBSCRIBE_API, async (request, reply) => {
    const form = isForm(request);
    if (!form && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      return refuse(reply, 400, { field: 'body', message: 'The body must be JSON (Content-Type: application/json).' });
    }
    const signUp = validateSignUp(request.body);
    if (!signUp.ok) return refuse(reply, 400, { field: signUp.field, message: signUp.error });
    const limited = await networkLimit(request);
    if (!limited.isAllowed && limited.isExceeded) {
      reply.header('Retry-After', limited.ttlInSeconds);
      return refuse(reply, 429, {
        message: 'Too many sign-ups from your network right now. Please try again in a minute.',
      });
    }
    let outcome;
    try {
      if (!fans) throw new Error('the fans list is not open');
      outcome = await fans.store.signUp(signUp.email, signUp.lang, options.confirmationsPerHour);
    } catch (error) {
      request.log.error({ err: error }, 'could not sign a fan up');
      reply.header('Retry-After', 60);
      return refuse(reply, 503, { message: UNAVAILABLE });
    }
    if (outcome === 'over-budget') {
      request.log.warn('fan sign-up refused: FAN_CONFIRMATIONS_PER_HOUR confirmation mails went out this hour');
      reply.header('Retry-After', 600);
      return refuse(reply, 429, { message: 'Too many sign-ups right now. Please try again later.' });
    }
    // What happened stays in the log (never the address): the answer is the same for all.
    request.log.info({ outcome }, 'fan sign-up');
    if (outcome === 'queued') fans.outbox.notify();
    if (form) return seeOther(reply, fanPagePath(signUp.lang, 'checkMail'));
    return reply.code(202).header('Cache-Control', NO_STORE).send({ success: true, message: CHECK_MAIL });
  });

  type LinkRequest = FastifyRequest<{ Params: { lang: string }; Querystring: Record<string, unknown> }>;
  /**
   * A button of the mails' links, `/{lang}/fans/{action}`: `handle` runs with the list and the
   * link's language; a path in none of the site's languages is not found.
   */
  const linkButton = (
    action: 'confirm' | 'leave',
    handle: (list: Fans, lang: Lang, request: LinkRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    app.post(`/:lang/fans/${action}`, async (request: LinkRequest, reply) => {
      const { lang } = request.params;
      if (!isLang(lang)) {
        reply.callNotFound();
        return reply;
      }
      if (!fans) return refuse(reply, 503, { message: UNAVAILABLE });
      return handle(fans, lang, request, reply);
    });

  linkButton('confirm', async (list, lang, request, reply) => {
    const confirmed = await list.store.confirm(tokenOf(request));
    if (!confirmed) return seeOther(reply, fanPagePath(lang, 'expired'));
    list.outbox.notify();
    return seeOther(reply, fanPagePath(confirmed.lang, 'confirmed'));
  });

  linkButton('leave', async (list, lang, request, reply) => {
    // An unknown token is answered as a success: the fan already left, or never was.
    const left = await list.store.leave(tokenOf(request));
    // The page's button navigates and is shown the result; a mail program's POST is told in a word.
    const fromPage = /\btext\/html\b/.test(request.headers.accept ?? '');
    if (fromPage) return seeOther(reply, fanPagePath(left?.lang ?? lang, 'left'));
    return reply.code(200).header('Cache-Control', NO_STORE).type('text/plain; charset=utf-8').send('Unsubscribed.\n');
  });
};

export default fansRoutes;
