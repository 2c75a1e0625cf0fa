/**
 * A home page's first screen arrives in the first round trip of its response: the headers our
 * server sends and the brotli-compressed HTML up to where the first screen ends fit TCP's first
 * window (ten segments of 1,460 B), so a phone paints it without waiting for a second round trip.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedSizes, FIRST_WINDOW_BYTES, HOME_FIRST_SCREEN_MARKER } from '../../../perf/bench/first-screen.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { DIST_DIR, requireBuild } from './built-site.ts';

let app: FastifyInstance;
let port: number;
let folder: string;

beforeAll(async () => {
  requireBuild();
  folder = mkdtempSync(join(tmpdir(), 'first-screen-'));
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
 * The status line and headers of the response to a browser's GET of `path`, as the bytes on
 * the wire (up to and with the blank line). The connection is kept alive, as a browser's is
 * (the server then adds its Keep-Alive header).
 */
function responseHead(path: string): Promise<Buffer> {
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
      socket.destroy();
      resolve(received.subarray(0, headEnd + 4));
    });
    socket.on('error', reject);
    socket.on('end', () => reject(new Error(`the connection closed before the headers of ${path}`)));
  });
}

// The first screen is measured up to a fixed marker, the start of the videos section: on a
// 390x844 phone the hero fills the screen, so that prefix holds all the markup and inline CSS it
// needs. tests/e2e/first-screen.test.ts checks in Chromium that the first screen really ends
// before the marker; whether the whole page fits is the benchmark's to report.
describe('the first screen of a home page', () => {
  it.each(['pt', 'en', 'es'])('/%s arrives, with its headers, in TCP’s first window', async (lang) => {
    const head = await responseHead(`/${lang}`);
    const headText = head.toString('latin1');
    expect(headText).toMatch(/^HTTP\/1\.1 200 /);
    expect(headText).toMatch(/\r\ncontent-encoding: br\r\n/i);

    const html = readFileSync(join(DIST_DIR, `${lang}.html`), 'utf8');
    const marker = html.indexOf(HOME_FIRST_SCREEN_MARKER);
    expect(marker, `${HOME_FIRST_SCREEN_MARKER} is missing from /${lang}`).toBeGreaterThan(0);
    const firstScreen = compressedSizes(html.slice(0, marker));
    const total = head.length + firstScreen.brotli;
    expect(
      total,
      `/${lang}: ${String(head.length)} B of headers and ${String(firstScreen.brotli)} B of brotli for the first ` +
        `screen (${String(firstScreen.raw)} B of HTML); the window holds ${String(FIRST_WINDOW_BYTES)}. ` +
        'Run npm run first-screen',
    ).toBeLessThanOrEqual(FIRST_WINDOW_BYTES);
  });
});
