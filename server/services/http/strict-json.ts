/**
 * A JSON body parser that refuses bytes that are not UTF-8. Fastify's own turns them into
 * U+FFFD, so what a route stored or mailed would not be what was sent: these bodies are
 * decoded strictly, then parsed as Fastify does (refusing __proto__ and constructor keys).
 */
import type { FastifyInstance } from 'fastify';

export const NOT_UTF8 = 'The body must be UTF-8 text.';
/** The error code a refused body carries to the route's error handler. */
export const NOT_UTF8_CODE = 'BODY_NOT_UTF8';

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
