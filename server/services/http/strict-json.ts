/**
 * A JSON body parser that refuses bytes that are not UTF-8. Fastify's own turns them into
 * U+FFFD, so what a route stored or mailed would not be what was sent: these bodies are
 * decoded strictly, then parsed as Fastify does (refusing __proto__ and constructor keys).
 */
import type { FastifyInstance } from 'fastify';

export const NOT_UTF8 = 'The body must be UTF-8 text.';
/** The error code a refused body carries to the route's error handler. */
export const NOT_UTF8_CODE = 'BODY_NOT_UTF8';

/** A refusal of a request's body: its status, and what the body must be. */
export interface BodyRefusal {
  status: 400 | 413;
  message: string;
}

/**
 * The refusal for a body the route's parsers would not take: 413 when it is too large, 400 when
 * it is not UTF-8 or not of a type the route reads (`unreadable` says what it must be); null for
 * any other error.
 */
export function bodyRefusal(
  error: { statusCode?: number; code?: string },
  messages: { tooLarge: string; unreadable: string },
): BodyRefusal | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, message: messages.tooLarge };
  if (error.code === NOT_UTF8_CODE) return { status: 400, message: NOT_UTF8 };
  if (error.statusCode === 400 || error.statusCode === 415) return { status: 400, message: messages.unreadable };
  return null;
}

/** Replaces the JSON parser of `app`'s scope (a route plugin) with the strict one. */
export function useStrictJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(Object.assign(new Error(NOT_UTF8), { statusCode: 400, code: NOT_UTF8_CODE }), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
