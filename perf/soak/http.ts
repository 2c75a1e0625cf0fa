/**
 * The soak's HTTP client: node:http with the path sent exactly as given (fetch would
 * normalise `..` and encodings away, which is what the hostile cases must not lose), every
 * answer timed, and a raw socket for what no client library will send.
 */
import { request as httpRequest, Agent } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Milliseconds from sending to the last byte. */
  ms: number;
}

export interface Failure {
  /** No HTTP answer: the connection was refused, reset or timed out. */
  error: string;
  ms: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** True when the call got an HTTP answer. */
export const isAnswer = (result: Answer | Failure): result is Answer => 'status' in result;

/** Sends one request to `base` (http://127.0.0.1:port) with `path` sent as it is. */
export function send(base: string, path: string, options: RequestOptions = {}): Promise<Answer | Failure> {
  const url = new URL(base);
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  return new Promise((resolve) => {
    let request;
    try {
      request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: options.method ?? 'GET',
          path,
          headers: options.headers,
          agent,
          timeout: options.timeoutMs ?? 15_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: elapsed(),
            }),
          );
          response.on('error', (error) => resolve({ error: error.message, ms: elapsed() }));
        },
      );
    } catch (error) {
      // node:http refuses to send some paths and headers at all: nothing reached the server.
      resolve({ error: `not sent: ${(error as Error).message}`, ms: 0 });
      return;
    }
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ error: error.message, ms: elapsed() }));
    request.end(options.body);
  });
}

/** Parses the status code of a raw HTTP answer, or 0 when there was none. */
export const statusOf = (raw: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0);

/**
 * Writes `parts` to a fresh connection, `gapMs` apart (a slow client when gapMs > 0), and
 * collects what the server answers until it closes the connection or `timeoutMs` passes.
 */
export function sendRaw(
  base: string,
  parts: readonly (string | Buffer)[],
  gapMs = 0,
  timeoutMs = 10_000,
): Promise<{ raw: string; closedByServer: boolean; ms: number }> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      socket.destroy();
      resolve({ raw: Buffer.concat(chunks).toString('latin1'), closedByServer, ms: performance.now() - started });
    };
    const deadline = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    let index = 0;
    const writeNext = () => {
      if (done || index >= parts.length) return;
      const part = parts[index];
      index += 1;
      if (part !== undefined && !socket.destroyed) socket.write(part);
      timer = setTimeout(writeNext, gapMs);
    };
    socket.on('connect', writeNext);
  });
}
