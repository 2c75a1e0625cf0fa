/**
 * The video service's thumbnail of a video, fetched once and never kept as it came: the body is
 * capped in bytes while it is read, judged by its bytes (a JPEG, PNG or WebP, within a pixel
 * cap), and encoded again by sharp at the cards' size as a JPEG. `npm run thumbnails` and the
 * studio's saves both fetch through here.
 */
import sharp from 'sharp';
import { serviceThumbnailUrl, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../../../src/lib/video-thumbnails.ts';

/** The service's thumbnails are 20–60 KB; anything much bigger is not one. */
export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
/** Decoding stops past this many pixels (a small file can claim a huge picture). */
const MAX_PIXELS = 4096 * 4096;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** How long a fetch may take unless told otherwise. */
export const THUMBNAIL_TIMEOUT_MS = 20_000;

/** Where to fetch from and how long to wait. */
export interface ThumbnailSource {
  /** The service's origin, or a stand-in's (tests, the benchmark). */
  origin: string;
  timeoutMs?: number;
}

/** The response's body, refused once it passes the cap (a missing length is no excuse). */
async function download(url: string, timeoutMs: number): Promise<Buffer> {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new Error(`the service answered ${String(response.status)}`);
  }
  const tooBig = new Error(`larger than ${String(MAX_THUMBNAIL_BYTES / 1024 / 1024)} MB`);
  if (Number(response.headers.get('content-length')) > MAX_THUMBNAIL_BYTES) {
    await response.body.cancel();
    throw tooBig;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (the throw) cancels the stream.
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_THUMBNAIL_BYTES) throw tooBig;
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

/** A video's thumbnail from the service, checked and re-encoded; throws with the reason when it cannot be had. */
export async function fetchVideoThumbnail(id: string, source: ThumbnailSource): Promise<Buffer> {
  const timeoutMs = source.timeoutMs ?? THUMBNAIL_TIMEOUT_MS;
  try {
    return await reencode(await download(serviceThumbnailUrl(source.origin, id), timeoutMs));
  } catch (error) {
    throw new Error(failure(error, timeoutMs), { cause: error });
  }
}

/** Why a fetch failed, in a line: fetch's own errors hide the reason in their cause. */
function failure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `no answer within ${String(timeoutMs / 1000)} s`;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  if (error instanceof TypeError && cause) return `could not be fetched (${cause.code ?? cause.message ?? ''})`;
  return error.message;
}
