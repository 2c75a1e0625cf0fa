/**
 * The renditions through the real app: the API describes them (sources, waveform, loudness,
 * and `url` on the AAC), and the server serves them with Range, a year of caching and CORS.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type FixtureSite } from '../fixture-site.ts';
import { useMediaApp } from '../media-fixture.ts';

interface ApiTrack {
  url: string;
  mimeType: string;
  sources: { url: string; mimeType: string; bitrate: number; bytes: number }[];
  peaksUrl: string | null;
  loudness: { integrated: number; truePeak: number; gain: number } | null;
}

const QUERY = `query($name: String!) { playlist(playlistName: $name) {
  url mimeType sources { url mimeType bitrate bytes } peaksUrl loudness { integrated truePeak gain } } }`;

let site: FixtureSite;
let app: FastifyInstance;

async function playlist(target: FastifyInstance, name: string): Promise<ApiTrack[]> {
  const response = await target.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: QUERY, variables: { name } },
  });
  return response.json<{ data: { playlist: ApiTrack[] } }>().data.playlist;
}

/** Waits until every track of the playlist has its renditions and waveform. */
async function ready(target: FastifyInstance, name: string): Promise<ApiTrack[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const tracks = await playlist(target, name);
    if (tracks.every((track) => track.sources.length === 2 && track.peaksUrl)) return tracks;
    if (Date.now() > deadline) throw new Error(`${name} was not rendered in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

useMediaApp({ FFMPEG_PATH: 'ffmpeg' }, (served) => {
  ({ site, app } = served);
});

describe('the API with renditions', { timeout: 40_000 }, () => {
  it('lists the renditions lightest first, the waveform and the loudness, and points url at the AAC', async () => {
    const [track] = await ready(app, 'Singles');
    if (!track) throw new Error('Singles has tracks');
    const [opus, aac] = track.sources;
    expect(opus).toMatchObject({ mimeType: 'audio/webm; codecs="opus"', bitrate: 96_000 });
    expect(aac).toMatchObject({ mimeType: 'audio/mp4; codecs="mp4a.40.2"', bitrate: 160_000 });
    expect(opus?.url).toMatch(/^\/media\/renditions\/[0-9a-f]{24}\/opus-[0-9a-f]{10}\.webm$/);
    expect(track.url).toBe(aac?.url);
    expect(track.mimeType).toBe('audio/mp4');
    expect(track.peaksUrl).toMatch(/^\/media\/renditions\/[0-9a-f]{24}\/peaks-v1\.json$/);
    expect(track.loudness?.integrated).toBeLessThan(0);
    expect(track.loudness?.gain).toBeCloseTo(
      Math.min(-14 - (track.loudness?.integrated ?? 0), -1 - (track.loudness?.truePeak ?? 0)),
      1,
    );
  });

  it('serves a rendition whole and by ranges, with its type, a year of caching and CORS', async () => {
    const [track] = await ready(app, 'TTMM');
    const source = track?.sources[0];
    if (!source) throw new Error('TTMM has renditions');
    const whole = await app.inject({ url: source.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['access-control-allow-origin']).toBe('*');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(source.bytes);
    // A WebM file starts with the EBML magic number.
    expect(whole.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');

    const part = await app.inject({ url: source.url, headers: { range: 'bytes=10-109' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${source.bytes}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 110))).toBe(true);
    const past = await app.inject({ url: source.url, headers: { range: `bytes=${source.bytes + 1}-` } });
    expect(past.statusCode).toBe(416);

    const peaks = await app.inject({ url: track.peaksUrl ?? '' });
    expect(peaks.headers['content-type']).toMatch(/^application\/json/);
    expect(peaks.json<{ version: number }>().version).toBe(2);
  });

  it('serves nothing but the current renditions of current masters', async () => {
    const [track] = await ready(app, 'TTMM');
    const folder = (track?.peaksUrl ?? '').replace(/\/[^/]+$/, '');
    for (const url of [
      `${folder}/analysis-v1.json`,
      `${folder}/..%2F..%2Fsources.json`,
      `${folder}/opus-0000000000.webm`,
      '/media/renditions/000000000000000000000000/peaks-v1.json',
      '/media/renditions/..%2F..%2Fetc/passwd',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('keeps the original for tracks without renditions (no ffmpeg)', async () => {
    // A data folder of its own: the one above holds the renditions the first app made.
    const dataDir = mkdtempSync(join(tmpdir(), 'data-no-renditions-'));
    const plain = await buildTestApp({ ...site, dataDir });
    try {
      const [track] = await playlist(plain, 'Singles');
      expect(track).toMatchObject({ mimeType: 'audio/wav', sources: [], peaksUrl: null, loudness: null });
      expect(track?.url).toMatch(/^\/media\/Singles\/01-Estranho\.wav\?v=/);
    } finally {
      await plain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('writes nothing outside the data folder', () => {
    // The renditions live in DATA_DIR/renditions by default, beside the messages.
    expect(() => readFileSync(join(site.dataDir, 'renditions', 'sources.json'))).not.toThrow();
  });
});
