/**
 * A home page's whole response, as our server sends it to a browser (brotli, with every
 * header), fits TCP's first window: the page arrives in one round trip, and Lighthouse's
 * simulated phone paints it a round trip sooner than one byte more would let it (the home
 * page's LCP budget, issue 13). The first screen's own budget is first-screen.test.ts.
 *
 * When this fails, the page outgrew the window: move what its first screen does not need out
 * of its HTML (see the README's Performance section for what was moved and how).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_WINDOW_BYTES } from '../../../perf/bench/first-screen.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { DIST_DIR, requireBuild } from './built-site.ts';

let app: FastifyInstance;
let port: number;
let folder: string;

beforeAll(async () => {
  requireBuild();
  folder = mkdtempSync(join(tmpdir(), 'first-window-'));
  app = await buildApp(
    loadConfig({
      DIST_DIR,
      MEDIA_DIR: join(folder, 'media'),
      DATA_DIR: join(folder, 'data'),
      LOG_LEVEL: 'silent',
      FFMPEG_PATH: join(folder, 'no-ffmpeg'),
    }),
    { watchMedia: false },
  );
  port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
});

afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * Every byte of the response to a browser's GET of `path`: status line, headers and body. The
 * connection is kept alive, as a browser's is (the server then adds its Keep-Alive header), so
 * the body ends where its Content-Length says.
 */
function responseBytes(path: string): Promise<{ total: number; head: string }> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nAccept-Encoding: br, gzip\r\n` +
          'Connection: keep-alive\r\n\r\n',
      );
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = received.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN);
      if (received.length >= headEnd + 4 + length) {
        socket.destroy();
        resolve({ total: received.length, head });
      }
    });
    socket.on('error', reject);
    socket.on('end', () => reject(new Error(`the connection closed before the whole response of ${path}`)));
  });
}

describe('a home page’s response', () => {
  it.each(['pt', 'en', 'es'])('/%s fits TCP’s first window, headers included', async (lang) => {
    const { total, head } = await responseBytes(`/${lang}`);
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\ncontent-encoding: br\r\n/i);
    expect(head).toMatch(/\r\nkeep-alive: /i);
    expect(
      total,
      `/${lang}: ${String(total)} B with its headers; the window holds ${String(FIRST_WINDOW_BYTES)}`,
    ).toBeLessThanOrEqual(FIRST_WINDOW_BYTES);
  });
});
