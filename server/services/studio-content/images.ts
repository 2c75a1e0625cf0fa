/**
 * An image the artist uploads, judged by its bytes and never stored as it came: only a JPEG,
 * PNG or WebP is taken (an SVG, or anything else whatever its name says, is refused), and it is
 * decoded and encoded again by sharp, which drops its metadata (location, camera) and any bytes
 * hidden after the picture, turned upright and brought within a size a page needs.
 */
import sharp from 'sharp';
import { imageTypeOf } from '../../../src/lib/image-type.ts';

/** The longest side a stored image keeps: a cover is shown at most 1200 px wide, twice that for sharp screens. */
const MAX_SIDE = 2400;
/** Decoding stops past this many pixels: a small file can claim a huge picture. */
const MAX_PIXELS = 8000 * 8000;

/** The extension each accepted type is stored with, by its bytes' type. */
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export type PreparedImage =
  { ok: true; bytes: Buffer; extension: string } | { ok: false; reason: 'notImage' | 'tooLarge' };

/** The extension an image stored under `name` should have: `jpeg` and `jpg` are one. */
export const sameExtension = (name: string, extension: string) =>
  name
    .toLowerCase()
    .replace(/\.jpeg$/, '.jpg')
    .endsWith(`.${extension}`);

/** The image to store for `bytes`, re-encoded in its own format, or why it is refused. */
export async function prepareImage(bytes: Buffer, maxBytes: number): Promise<PreparedImage> {
  if (bytes.byteLength > maxBytes) return { ok: false, reason: 'tooLarge' };
  const type = imageTypeOf(bytes);
  const extension = type ? EXTENSIONS[type] : undefined;
  if (!extension) return { ok: false, reason: 'notImage' };
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded =
      extension === 'jpg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : extension === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 88 });
    return { ok: true, bytes: await encoded.toBuffer(), extension };
  } catch {
    return { ok: false, reason: 'notImage' };
  }
}
