/**
 * The JSON body of every error the server answers itself: the status's standard name and a
 * message meant for the client, never an internal error's text, a stack or a path.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export interface ErrorBody {
  error: string;
  message: string;
}

/** `{ error: 'Payload Too Large', message }` for 413, and so on for every status. */
export function errorBody(status: number, message: string): ErrorBody {
  return { error: STATUS_CODES[status] ?? 'Error', message };
}

/** What to tell a client whose request Node could not even parse. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive.' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request headers are too large.' };
  return { status: 400, message: 'The request is not valid HTTP.' };
}

/**
 * Fastify's `clientErrorHandler`: Node answers a malformed request, oversized headers or a
 * request too slow to arrive before any route or hook runs, so these answers are written
 * here, with the same security headers and JSON shape as every other one.
 */
export function answerClientError(
  headers: Readonly<Record<string, string>>,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify(errorBody(status, message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          'connection: close\r\n' +
          headerLines +
          `\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/** The message of the 400 for an HTTP/1.1 request without a Host header. */
export const MISSING_HOST = 'The request has no Host header, which HTTP/1.1 requires.';

/**
 * True for an HTTP/1.1 (or later) request without a Host header, which HTTP/1.1 requires.
 * Node refuses one itself with a bare 400 (no security headers, no JSON) before any hook runs,
 * so the server turns that check off (`requireHostHeader: false`) and makes it here instead.
 */
export function lacksRequiredHost(request: IncomingMessage): boolean {
  const { httpVersionMajor: major, httpVersionMinor: minor } = request;
  return request.headers.host === undefined && (major > 1 || (major === 1 && minor >= 1));
}
