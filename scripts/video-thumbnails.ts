/**
 * `npm run thumbnails`: keeps, once, the video service's thumbnail of every video that has none
 * of its own as content/thumbs/<id>.jpg, so visitors' browsers ask the service for nothing until
 * they open a video. Run it after adding a video, and commit the new file with the content.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { VIDEOS_FIELD } from '../src/lib/content-schemas.ts';
import {
  fetchedThumbnailName,
  SERVICE_THUMBNAIL_ORIGIN,
  serviceThumbnailUrl,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  VIDEO_ID,
} from '../src/lib/video-thumbnails.ts';

/** The service's thumbnails are 20–60 KB; anything much bigger is not one. */
const MAX_BYTES = 2 * 1024 * 1024;
/** Decoding stops past this many pixels (a small file can claim a huge picture). */
const MAX_PIXELS = 4096 * 4096;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const TIMEOUT_MS = 20_000;

const { values: flags } = parseArgs({
  options: {
    // Where to fetch from (the tests use a local server).
    'base-url': { type: 'string', default: SERVICE_THUMBNAIL_ORIGIN },
    // The content folder; videos.json in it is only read.
    content: { type: 'string', default: 'content' },
  },
});
const baseUrl = flags['base-url'];
if (!/^https?:\/\//.test(baseUrl)) {
  console.error(`--base-url must be an http(s) URL: ${baseUrl}`);
  process.exit(2);
}
const contentDir = flags.content;
const thumbsDir = join(contentDir, 'thumbs');

/** The response's body, refused once it passes MAX_BYTES (a missing length is no excuse). */
async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`the service answered ${String(response.status)}`);
  }
  const tooBig = new Error(`larger than ${String(MAX_BYTES / 1024 / 1024)} MB`);
  if (Number(response.headers.get('content-length')) > MAX_BYTES) {
    await response.body.cancel();
    throw tooBig;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (the throw) cancels the stream.
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) throw tooBig;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The picture, if the bytes are one we take, at the cards' size as a JPEG: judged and re-encoded
 * by its bytes, so nothing the service (or anything in its place) sends reaches the site as it came.
 */
async function reencode(bytes: Buffer): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS });
  const { format } = await image.metadata().catch(() => {
    throw new Error('not an image');
  });
  if (!ACCEPTED_FORMATS.has(format)) throw new Error(`not a JPEG, PNG or WebP image (${format})`);
  return image
    .rotate()
    .resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'cover' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** Fetches, checks and keeps one video's thumbnail; written whole or not at all. */
async function fetchThumbnail(id: string): Promise<string> {
  const jpeg = await reencode(await download(serviceThumbnailUrl(baseUrl, id)));
  const file = join(thumbsDir, fetchedThumbnailName(id));
  await mkdir(thumbsDir, { recursive: true });
  await writeFile(`${file}.part`, jpeg);
  await rename(`${file}.part`, file);
  return `fetched → ${file} (${String(Math.round(jpeg.byteLength / 1024))} KB)`;
}

/** Why a fetch failed, in a line: fetch's own errors hide the reason in their cause. */
function failure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `no answer within ${String(TIMEOUT_MS / 1000)} s`;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  if (error instanceof TypeError && cause) return `could not be fetched (${cause.code ?? cause.message ?? ''})`;
  return error.message;
}

const videosFile = JSON.parse(await readFile(join(contentDir, 'videos.json'), 'utf8')) as Record<
  string,
  unknown
> | null;
const videos = videosFile?.[VIDEOS_FIELD];
if (!Array.isArray(videos)) {
  console.error(`${join(contentDir, 'videos.json')} holds no list of videos in "${VIDEOS_FIELD}"`);
  process.exit(2);
}

const counts = { fetched: 0, kept: 0, failed: 0 };
for (const video of videos as { id?: unknown; thumb?: unknown }[]) {
  const id = typeof video.id === 'string' ? video.id : '';
  if (!VIDEO_ID.test(id)) {
    counts.failed += 1;
    console.log(`${JSON.stringify(video.id)}  FAILED: not a video id (11 letters, digits, - or _)`);
    continue;
  }
  if (video.thumb !== undefined) {
    counts.kept += 1;
    console.log(`${id}  has its own thumbnail (thumb)`);
  } else if (existsSync(join(thumbsDir, fetchedThumbnailName(id)))) {
    counts.kept += 1;
    console.log(`${id}  already there`);
  } else {
    try {
      console.log(`${id}  ${await fetchThumbnail(id)}`);
      counts.fetched += 1;
    } catch (error) {
      counts.failed += 1;
      console.log(`${id}  FAILED: ${failure(error)}`);
    }
  }
}

console.log(
  `\n${String(counts.fetched)} fetched, ${String(counts.kept)} already had one, ${String(counts.failed)} failed.`,
);
if (counts.failed > 0) process.exitCode = 1;
