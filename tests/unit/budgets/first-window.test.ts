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

/** Every byte of the response to a browser's GET of `path`: status line, headers and body. */
function responseBytes(path: string): Promise<{ total: number; head: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.end(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nAccept-Encoding: br, gzip\r\n` +
          'Connection: close\r\n\r\n',
      );
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const response = Buffer.concat(chunks);
      const headEnd = response.indexOf('\r\n\r\n');
      resolve({ total: response.length, head: response.subarray(0, headEnd).toString('latin1') });
    });
  });
}

describe('a home page’s response', () => {
  it.each(['pt', 'en', 'es'])('/%s fits TCP’s first window, headers included', async (lang) => {
    const { total, head } = await responseBytes(`/${lang}`);
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\ncontent-encoding: br\r\n/i);
    expect(
      total,
      `/${lang}: ${String(total)} B with its headers; the window holds ${String(FIRST_WINDOW_BYTES)}`,
    ).toBeLessThanOrEqual(FIRST_WINDOW_BYTES);
  });
});
