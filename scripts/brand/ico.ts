/**
 * The ICO container: what browsers, feed readers and link-preview bots fetch at /favicon.ico
 * when a page names no icon they can use. Each image is stored as a PNG, which every browser
 * since Windows Vista's era reads inside an ICO. Pure, so a test can take the bytes apart.
 */

/** One image of the icon: a square PNG and its edge in pixels (1–256). */
export interface IcoImage {
  size: number;
  png: Buffer;
}

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;
/** The type field of an icon (2 is a cursor). */
const ICON_TYPE = 1;

/** An ICO file holding `images`, in the order given. */
export function icoFile(images: readonly IcoImage[]): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(ICON_TYPE, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = HEADER_BYTES + ENTRY_BYTES * images.length;
  const entries = images.map(({ size, png }) => {
    if (!Number.isInteger(size) || size < 1 || size > 256) throw new Error(`an ICO image is 1 to 256 px, not ${size}`);
    const entry = Buffer.alloc(ENTRY_BYTES);
    // 0 stands for 256, which does not fit the byte.
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

/** The images of an ICO file, as `icoFile` wrote them; throws on anything that is not one. */
export function readIco(file: Buffer): IcoImage[] {
  if (file.length < HEADER_BYTES || file.readUInt16LE(0) !== 0 || file.readUInt16LE(2) !== ICON_TYPE) {
    throw new Error('not an ICO file: its header is not an icon’s');
  }
  const count = file.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = HEADER_BYTES + ENTRY_BYTES * index;
    if (at + ENTRY_BYTES > file.length) throw new Error(`not an ICO file: entry ${index} is cut off`);
    const length = file.readUInt32LE(at + 8);
    const offset = file.readUInt32LE(at + 12);
    if (offset + length > file.length) throw new Error(`not an ICO file: image ${index} lies past the end`);
    return { size: file.readUInt8(at) || 256, png: file.subarray(offset, offset + length) };
  });
}
