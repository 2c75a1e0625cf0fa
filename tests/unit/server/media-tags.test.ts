/**
 * What an audio file's tags claim is not trusted: a cover typed as a page or a script is never
 * served as one, and texts and numbers from tags reach the API cleaned and bounded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_DOCUMENT_CSP } from '../../../server/plugins/security-headers.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { flacWithCover, mp3ClaimingYears, mp3With, tinyPng } from './hostile-media.ts';

const PLAYLIST = 'Hostile';
const HTML = Buffer.from('<!doctype html><script>fetch("/api/send-email")</script><p>owned</p>');
const SCRIPT = Buffer.from('alert(document.domain)');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let site: FixtureSite;
let app: FastifyInstance;
let png: Buffer;

interface ApiTrack {
  title: string;
  artist: string | null;
  trackNumber: number | null;
  coverUrl: string | null;
  url: string;
}
let tracks: ApiTrack[];

const coverPath = (file: string) => `/media-covers/${PLAYLIST}/${encodeURIComponent(file)}`;

beforeAll(async () => {
  site = createFixtureSite();
  png = await tinyPng();
  const folder = join(site.mediaDir, PLAYLIST);
  mkdirSync(folder);
  const files: Record<string, Buffer> = {
    '01-html.mp3': mp3With({ track: 1, cover: { mimeType: 'text/html', data: HTML } }),
    '02-script.flac': flacWithCover({ mimeType: 'text/javascript', data: SCRIPT }),
    '03-html.flac': flacWithCover({ mimeType: 'text/html', data: HTML }),
    '04-png-typed-html.mp3': mp3With({ track: 4, cover: { mimeType: 'text/html', data: png } }),
    '05-svg.mp3': mp3With({ track: 5, cover: { mimeType: 'image/svg+xml', data: SVG } }),
    '06-png-typed-jpeg.flac': flacWithCover({ mimeType: 'image/jpeg', data: png }),
    '07-texts.mp3': mp3With({
      track: 99_999_999_999,
      title: `\u001b[31mRed\u001b[0m \u202eevil\u202c${'x'.repeat(5000)}`,
      artist: 'Some\u009bone\u0085\u007f',
    }),
    '08-years.mp3': mp3ClaimingYears(),
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(folder, name), bytes);
  app = await buildTestApp(site);
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `{ playlist(playlistName: "${PLAYLIST}") { title artist trackNumber coverUrl url } }` },
  });
  expect(response.statusCode).toBe(200);
  tracks = response.json<{ data: { playlist: ApiTrack[] } }>().data.playlist;
});
afterAll(async () => {
  await app.close();
  site.cleanup();
});

describe('embedded covers', () => {
  it.each(['01-html.mp3', '02-script.flac', '03-html.flac', '05-svg.mp3'])(
    'never serves a cover that is not an image: %s',
    async (file) => {
      const response = await app.inject({ url: coverPath(file) });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toBe(NON_DOCUMENT_CSP);
      expect(response.body).not.toContain('script');
      expect(tracks.find((track) => track.url.includes(encodeURIComponent(file)))?.coverUrl).toBeNull();
    },
  );

  it.each(['04-png-typed-html.mp3', '06-png-typed-jpeg.flac'])(
    'serves a real image with the type its bytes show, whatever the tag says: %s',
    async (file) => {
      const listed = tracks.find((track) => track.url.includes(encodeURIComponent(file)))?.coverUrl;
      expect(listed).toMatch(/^\/media-covers\//);
      const response = await app.inject({ url: listed ?? '' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(NON_DOCUMENT_CSP);
      expect(response.rawPayload.equals(png)).toBe(true);
    },
  );
});

describe('tag texts and numbers', () => {
  it('keeps control and bidirectional characters out of titles and artists, and bounds their length', () => {
    const texts = tracks.find((track) => track.url.includes('07-texts'));
    expect(texts?.title.startsWith('[31mRed[0m evil')).toBe(true);
    expect(texts?.title.length).toBeLessThanOrEqual(200);
    expect(texts?.artist).toBe('Someone');
    // eslint-disable-next-line no-control-regex -- the characters that must not be there
    const unsafe = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    for (const track of tracks) expect(`${track.title}${track.artist ?? ''}`).not.toMatch(unsafe);
  });

  it('leaves out a file whose header claims a duration no master has', () => {
    expect(tracks.map((track) => track.url).join()).not.toContain('08-years');
    expect(tracks).toHaveLength(7);
  });

  it('ignores a track number no release has, rather than failing the whole playlist', () => {
    expect(tracks.find((track) => track.url.includes('07-texts'))?.trackNumber).toBe(7);
  });
});
