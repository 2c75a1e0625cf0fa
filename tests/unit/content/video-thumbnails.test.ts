/**
 * `npm run thumbnails`, run as the real script on a temporary copy of content/, fetching from
 * a real HTTP server on this machine that stands in for the video service: a real JPEG is kept,
 * re-encoded at the cards' size; anything that is not a JPEG, PNG or WebP image, or is too big,
 * is refused and leaves no file.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchedThumbnailName,
  serviceThumbnailUrl,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  VIDEO_ID,
} from '../../../src/lib/video-thumbnails.ts';

const run = promisify(execFile);

/** What the stand-in serves, by video id. */
const REAL = 'Real_JPEG-1';
const HTML = 'HtmlPage--2';
const MISSING = 'Missing-404';
const SVG = 'SvgDrawing3';
const HUGE = 'HugeImage-4';
const OWN = 'OwnThumb--5';
const KEPT = 'KeptAlrdy-6';
const BAD_ID = '../../etc/x';

let server: Server;
let baseUrl = '';
const requested: string[] = [];
let root = '';
let videosJson = '';

async function thumbnails(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        'scripts/video-thumbnails.ts',
        `--base-url=${baseUrl}`,
        `--content=${join(root, 'content')}`,
      ],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

const thumbsFolder = () => join(root, 'content', 'thumbs');

beforeAll(async () => {
  // A real photograph-sized JPEG, 16:9 like most videos, larger than the cards need.
  const jpeg = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2a6f97' } })
    .composite([
      { input: Buffer.from('<svg width="640" height="360"><circle cx="320" cy="180" r="150" fill="#e0283f"/></svg>') },
    ])
    .jpeg()
    .toBuffer();
  const bodies: Record<string, { type: string; body: Buffer | string } | undefined> = {
    [REAL]: { type: 'image/jpeg', body: jpeg },
    // A page that claims to be an image: only its bytes tell.
    [HTML]: { type: 'image/jpeg', body: '<!doctype html><title>Not found</title><p>nothing here</p>' },
    [SVG]: { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"/>' },
    // A JPEG's first bytes, then far more than any thumbnail is.
    [HUGE]: { type: 'image/jpeg', body: Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024, 7)]) },
  };
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    const id = /^\/vi\/([^/]+)\/hqdefault\.jpg$/.exec(request.url ?? '')?.[1] ?? '';
    const answer = bodies[id];
    if (!answer) {
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<p>404</p>');
      return;
    }
    // Chunked, without a length: the script must count what it reads.
    response.writeHead(200, { 'Content-Type': answer.type });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  root = mkdtempSync(join(tmpdir(), 'thumbnails-'));
  cpSync('content', join(root, 'content'), { recursive: true });
  // Written by hand, as the artist would: the script must leave it as it is, byte for byte.
  videosJson = `{
  "videos": [
    { "id": "${REAL}", "title": "A real thumbnail" },
    { "id": "${HTML}", "title": "A page, not an image" },
    { "id": "${MISSING}", "title": "Gone from the service" },
    { "id": "${SVG}", "title": "A drawing" },
    { "id": "${HUGE}", "title": "Far too big" },
    { "id": "${OWN}", "title": "The artist's own", "thumb": "./thumbs/own.jpg" },
    { "id": "${KEPT}", "title": "Fetched before" },
    { "id": "${BAD_ID}", "title": "Not an id" }
  ]
}
`;
  writeFileSync(join(root, 'content', 'videos.json'), videosJson);
  writeFileSync(join(thumbsFolder(), 'own.jpg'), jpeg);
  writeFileSync(join(thumbsFolder(), `${KEPT}.jpg`), jpeg);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('npm run thumbnails', () => {
  let first: { code: number; output: string };
  beforeAll(async () => {
    first = await thumbnails();
  }, 30_000);

  it('asks the service only for the videos with no thumbnail yet, and only for valid ids', () => {
    expect(requested.sort()).toEqual([REAL, HTML, MISSING, SVG, HUGE].map((id) => `/vi/${id}/hqdefault.jpg`).sort());
  });

  it('keeps a real JPEG under the video id, re-encoded at the cards’ size', async () => {
    const file = join(thumbsFolder(), `${REAL}.jpg`);
    const { format, width, height } = await sharp(file).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT });
    expect(first.output).toMatch(new RegExp(`${REAL}\\s+fetched`));
  });

  it('refuses a page, a 404, a drawing and an oversized body, writing nothing for them', () => {
    for (const id of [HTML, MISSING, SVG, HUGE]) expect(existsSync(join(thumbsFolder(), `${id}.jpg`)), id).toBe(false);
    expect(first.output).toMatch(new RegExp(`${HTML}\\s+FAILED: not an image`));
    expect(first.output).toMatch(new RegExp(`${MISSING}\\s+FAILED: the service answered 404`));
    expect(first.output).toMatch(new RegExp(`${SVG}\\s+FAILED: not a JPEG, PNG or WebP image \\(svg\\)`));
    expect(first.output).toMatch(new RegExp(`${HUGE}\\s+FAILED: larger than`));
    expect(first.output).toContain(`"${BAD_ID}"  FAILED: not a video id`);
    expect(first.code).toBe(1);
  });

  it('leaves videos.json, the artist’s own and the earlier thumbnails as they were, and no stray file', () => {
    expect(readFileSync(join(root, 'content', 'videos.json'), 'utf8')).toBe(videosJson);
    const files = readdirSync(thumbsFolder()).filter((name) => !name.startsWith('.'));
    expect(files.sort()).toEqual([`${KEPT}.jpg`, `${REAL}.jpg`, 'own.jpg'].sort());
  });

  it('fetches a thumbnail once: a second run asks only for those still missing', async () => {
    requested.length = 0;
    const second = await thumbnails();
    expect(requested.sort()).toEqual([HTML, MISSING, SVG, HUGE].map((id) => `/vi/${id}/hqdefault.jpg`).sort());
    expect(second.output).toMatch(new RegExp(`${REAL}\\s+already there`));
  }, 30_000);
});

describe('a video id in a URL or a file name', () => {
  it('is used only when it has the video service’s shape, and then stays one path segment', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.stringMatching(VIDEO_ID)), (id) => {
        const valid = VIDEO_ID.test(id);
        if (!valid) {
          expect(() => fetchedThumbnailName(id)).toThrow('not a video id');
          expect(() => serviceThumbnailUrl('https://i.ytimg.com', id)).toThrow('not a video id');
          return;
        }
        const file = join('content/thumbs', fetchedThumbnailName(id));
        expect(dirname(file)).toBe('content/thumbs');
        expect(basename(file)).toBe(`${id}.jpg`);
        const url = new URL(serviceThumbnailUrl('https://i.ytimg.com/', id));
        expect(url.origin).toBe('https://i.ytimg.com');
        expect(url.pathname).toBe(`/vi/${id}/hqdefault.jpg`);
      }),
    );
  });
});
