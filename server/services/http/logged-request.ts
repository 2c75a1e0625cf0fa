/**
 * How a request appears in the log: Fastify's own fields, with the URL of a fans' page (a
 * mail's confirm or leave link) cut before its query, which holds the fan's secret. OWASP's
 * logging advice: no token that grants anything is written to a log.
 */
import type { FastifyRequest } from 'fastify';
import { isFanPagePath } from '../../../src/lib/fans.ts';

/** The URL as logged: a fans' page without its query, any other as it came. */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  return isFanPagePath(path) ? path : url;
}

/** The `req` serializer of the app's logger: the fields Fastify logs of a request. */
export function loggedRequest(request: FastifyRequest) {
  const { remotePort } = request.socket;
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    ...(remotePort !== undefined && { remotePort }),
  };
}
