import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMediaApp } from './media-fixture.ts';

let app: FastifyInstance;
let mediaDir: string;
let url: string;
let coverUrl: string;
let bytes: Buffer;

useMediaApp({}, (served) => {
  ({ app } = served);
  ({ mediaDir } = served.site);
});

beforeAll(async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: '{ playlist(playlistName: "Cocktail Nº1") { url coverUrl } }' },
  });
  const [first] = response.json<{ data: { playlist: { url: string; coverUrl: string }[] } }>().data.playlist;
  url = first?.url ?? '';
  coverUrl = first?.coverUrl ?? '';
  bytes = readFileSync(join(mediaDir, 'Cocktail Nº1', '01-Primeiro Gole.wav'));
});

describe('audio files', () => {
  it('serves the whole file with its type, validators and a year of caching', async () => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(String(response.headers['last-modified'])).toUTCString()).toBe(response.headers['last-modified']);
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const response = await app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(response.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it('answers an unsatisfiable range with 416', async () => {
    const response = await app.inject({ url, headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it.each([
    'bytes=5-2',
    'bytes=abc',
    'bytes=0x10-0x20',
    'bytes=1e3-',
    'bytes=-',
    'bytes=1-2-3',
    'items=0-1',
    'bytes 0-1',
  ])('ignores an invalid range and sends the whole file: %s', async (range) => {
    const response = await app.inject({ url, headers: { range } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('clips a suffix longer than the file to the whole file', async () => {
    const response = await app.inject({ url, headers: { range: `bytes=-${bytes.length + 1000}` } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-${bytes.length - 1}/${bytes.length}`);
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('clips a last position past the end, and reads 0010 as ten', async () => {
    const response = await app.inject({ url, headers: { range: `bytes=0010-${bytes.length * 2}` } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 10-${bytes.length - 1}/${bytes.length}`);
    expect(response.rawPayload.equals(bytes.subarray(10))).toBe(true);
  });

  it('answers 416 when the only asked ranges start past the end, or ask for no bytes', async () => {
    for (const range of [`bytes=${bytes.length}-`, 'bytes=-0', `bytes=${bytes.length}-,-0`]) {
      const response = await app.inject({ url, headers: { range } });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range'], range).toBe(`bytes */${bytes.length}`);
    }
  });

  it('honours If-Range only with the strong ETag or the exact date of the file', async () => {
    const { etag, 'last-modified': lastModified } = (await app.inject({ url })).headers;
    expect(String(etag)).toMatch(/^"/);
    const ask = (ifRange: string) => app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': ifRange } });
    expect((await ask(String(etag))).statusCode).toBe(206);
    expect((await ask(String(lastModified))).statusCode).toBe(206);
    for (const stale of [`W/${String(etag)}`, '"other"', 'Thu, 01 Jan 1970 00:00:00 GMT', 'not a date']) {
      const response = await ask(stale);
      expect(response.statusCode, stale).toBe(200);
      expect(response.rawPayload.equals(bytes), stale).toBe(true);
    }
  });

  it('answers a conditional request with 304', async () => {
    const { etag } = (await app.inject({ url })).headers;
    const response = await app.inject({ url, headers: { 'if-none-match': String(etag) } });
    expect(response.statusCode).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    expect(response.body).toBe('');
  });

  it('revalidates a URL whose version is old or missing', async () => {
    const unversioned = url.split('?')[0] ?? '';
    expect((await app.inject({ url: unversioned })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: `${unversioned}?v=old` })).headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/media/Cocktail%20N%C2%BA1/99-Missing.wav',
    '/media/No%20Playlist/01-Primeiro%20Gole.wav',
    '/media/Cocktail%20N%C2%BA1/..%2F..%2Fpackage.json',
    '/media/..%2F..%2F/package.json',
    '/media/%2E%2E/package.json',
    '/media/Cocktail%20N%C2%BA1/01-Primeiro%20Gole.wav%00.txt',
    '/media/Cocktail%20N%C2%BA1/notes.txt',
  ])('finds nothing outside the index: %s', async (path) => {
    const response = await app.inject({ url: path });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"name"');
    expect(response.body).not.toMatch(/\/tmp\/|\/work\//);
  });

  it('refuses dot segments that try to climb out', async () => {
    for (const path of ['/media/../package.json', '/media/Singles/../../package.json']) {
      const response = await app.inject({ url: path });
      expect(response.statusCode, path).not.toBe(200);
      expect(response.body, path).not.toContain('"dependencies"');
    }
  });
});

describe('covers', () => {
  it('serves the embedded picture with its type', async () => {
    const response = await app.inject({ url: coverUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('is a 404 for a track that is not in the index', async () => {
    expect((await app.inject({ url: '/media-covers/Singles/nope.wav' })).statusCode).toBe(404);
  });
});
