/**
 * A stand-in for the video service's thumbnails (VIDEO_THUMBNAIL_ORIGIN), so tests, screenshots
 * and the benchmark ask the internet for nothing: a real HTTP server on 127.0.0.1 that answers
 * `/vi/<id>/hqdefault.jpg` with real image bytes made by sharp (a JPEG for any id it does not
 * name), or, for the ids of SERVED, a PNG or a hostile answer (a page claiming to be a JPEG, a
 * body past the size cap, a picture past the pixel cap, a 404, or no answer at all).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** Video ids, 11 characters each, and what the stand-in answers for them. */
export const SERVED = {
  jpeg: 'RealJpeg-01',
  png: 'RealPng--02',
  page: 'HtmlPage-03',
  tooBig: 'TooBig---04',
  hugePicture: 'HugePixel05',
  missing: 'Missing--06',
  silent: 'NoAnswer-07',
} as const;

export interface ThumbnailService {
  origin: string;
  /** The ids asked for, in order. */
  requested: string[];
  close: () => Promise<void>;
}

/** A photograph-sized picture, 16:9 as most videos are, larger than the cards need. */
const picture = () =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2a6f97' } }).composite([
    { input: Buffer.from('<svg width="640" height="360"><circle cx="320" cy="180" r="150" fill="#e0283f"/></svg>') },
  ]);

/** Starts the stand-in on a free port. */
export async function startThumbnailService(): Promise<ThumbnailService> {
  const jpeg = await picture().jpeg().toBuffer();
  // Small on the wire, but 25 million pixels once decoded; made only when asked for.
  let huge: Promise<Buffer> | undefined;
  const hugePicture = () =>
    (huge ??= sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer());
  const bodies: Record<string, () => Promise<{ type: string; body: Buffer | string }>> = {
    [SERVED.png]: async () => ({ type: 'image/png', body: await picture().png().toBuffer() }),
    [SERVED.page]: async () => ({
      type: 'image/jpeg',
      body: '<!doctype html><title>Not found</title><p>nothing here</p>',
    }),
    [SERVED.tooBig]: async () => ({
      type: 'image/jpeg',
      body: Buffer.concat([jpeg, Buffer.alloc(3 * 1024 * 1024, 7)]),
    }),
    [SERVED.hugePicture]: async () => ({ type: 'image/png', body: await hugePicture() }),
  };
  const held: ServerResponse[] = [];
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const id = /^\/vi\/([^/]+)\/hqdefault\.jpg$/.exec(request.url ?? '')?.[1] ?? '';
    requested.push(id);
    if (id === SERVED.silent) {
      held.push(response);
      return;
    }
    if (id === SERVED.missing || id === '') {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<p>404</p>');
      return;
    }
    void (bodies[id]?.() ?? Promise.resolve({ type: 'image/jpeg', body: jpeg })).then(({ type, body }) => {
      // Chunked, without a length: the fetch must count what it reads.
      response.writeHead(200, { 'Content-Type': type }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    requested,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
