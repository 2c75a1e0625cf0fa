/**
 * The picture formats an embedded cover may be served as, recognised by their first bytes:
 * the type a tag claims for its picture is whatever its writer put there (`text/html` is as
 * easy to write as `image/png`), so it is never what decides.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** The brands an ISO media file's leading `ftyp` box lists (major and compatible). */
function ftypBrands(bytes: Uint8Array): string[] {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return [];
  const boxSize = Math.min(
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
    bytes.length,
  );
  const brands: string[] = [];
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at !== 12) brands.push(String.fromCharCode(...bytes.subarray(at, at + 4)));
  }
  return brands;
}

/** The image type of `bytes` (JPEG, PNG, GIF, WebP or AVIF), or null for anything else. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, ...ascii('PNG\r\n\x1a\n')])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (ftypBrands(bytes).some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif';
  return null;
}
