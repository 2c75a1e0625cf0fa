/**
 * The security headers reach every answer, including the ones Node writes itself before any
 * route runs, and every error body names its status as HTTP does.
 */
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EVERY_RESPONSE, NON_DOCUMENT_CSP, PERMISSIONS_POLICY } from '../../../server/plugins/security-headers.ts';
import { useListeningApp } from './fixture-site.ts';

let app: FastifyInstance;
let port: number;
// The shortest request time limit the configuration allows, for the 408 case.
useListeningApp({ REQUEST_TIMEOUT_MS: '1000' }, (served) => {
  ({ app, port } = served);
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Writes a request to the server exactly as given and reads the answer until the server closes. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(statusLine)?.[1]),
        headers: new Map(
          lines.map((line) => {
            const at = line.indexOf(':');
            return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
          }),
        ),
        body: rest.join('\r\n\r\n'),
      });
    });
    socket.on('error', reject);
  });
}

/** The security headers of an answer that is not a page: every response's, and the CSP of no document. */
function expectSecurityHeaders(headers: Map<string, string> | Record<string, unknown>) {
  const get = (name: string) => (headers instanceof Map ? headers.get(name) : headers[name]);
  for (const [name, value] of Object.entries(EVERY_RESPONSE)) expect(get(name), name).toBe(value);
  expect(get('content-security-policy')).toBe(NON_DOCUMENT_CSP);
}

describe('Permissions-Policy', () => {
  it('turns off what the site never uses and keeps autoplay and fullscreen for the page and the video embed', () => {
    const directives = new Map(
      PERMISSIONS_POLICY.split(', ').map((directive) => directive.split('=') as [string, string]),
    );
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(directives.get(feature), feature).toBe('()');
    }
    for (const feature of ['autoplay', 'fullscreen']) {
      expect(directives.get(feature)).toBe('(self "https://www.youtube-nocookie.com" "https://www.youtube.com")');
    }
  });

  it.each(['/pt', '/healthz', '/', '/nothing', '/_astro/app.abc123.js'])('is sent with %s', async (url) => {
    const response = await app.inject({ url });
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });
});

describe('the page policy', () => {
  it('allows no inline style attributes (nor anything else inline but the hashed build output)', async () => {
    const csp = String((await app.inject({ url: '/pt' })).headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('style-src-attr');
  });
});

describe('answers Node writes itself', () => {
  it('a malformed request: 400, JSON, with the security headers', async () => {
    const answer = await raw('GARBAGE\r\n\r\n');
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Bad Request', message: expect.any(String) as unknown });
  });

  it('headers too large: 431, JSON, with the security headers', async () => {
    const answer = await raw(`GET /pt HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'Request Header Fields Too Large' });
  });

  it('a request too slow to arrive: 408, JSON, with the security headers', async () => {
    // Ten bytes announced, one sent.
    const answer = await raw(
      'POST /api/send-email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{',
    );
    expect(answer.status).toBe(408);
    expectSecurityHeaders(answer.headers);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'Request Timeout' });
  }, 10_000);

  it('an HTTP/1.1 request without Host: 400, JSON, with the security headers', async () => {
    for (const target of ['/', '/graphql', '/media/x.mp3', '/no-such-page']) {
      const answer = await raw(`GET ${target} HTTP/1.1\r\n\r\n`);
      expect(answer.status, target).toBe(400);
      expectSecurityHeaders(answer.headers);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'Bad Request',
        message: expect.stringMatching(/Host/) as unknown,
      });
    }
    // HTTP/1.0 has no such rule.
    expect((await raw('GET /pt HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('a percent-encoding that cannot be decoded: 400 with the security headers', async () => {
    const response = await app.inject({ url: '/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expectSecurityHeaders(response.headers);
  });
});

describe('error bodies', () => {
  it.each([
    [403, { url: '/_astro/..%5c..%5cetc' }],
    [404, { url: '/api/nothing' }],
    [
      413,
      {
        method: 'POST' as const,
        url: '/api/nothing',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ a: 'x'.repeat(20_000) }),
      },
    ],
  ])('name status %i as HTTP does', async (status, request) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: STATUS_CODES[status] });
  });
});
