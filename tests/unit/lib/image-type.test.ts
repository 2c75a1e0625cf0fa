import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageTypeOf } from '../../../src/lib/image-type.ts';

const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } });

describe('imageTypeOf', () => {
  it.each([
    ['image/jpeg', () => pixel().jpeg().toBuffer()],
    ['image/png', () => pixel().png().toBuffer()],
    ['image/gif', () => pixel().gif().toBuffer()],
    ['image/webp', () => pixel().webp().toBuffer()],
    ['image/avif', () => pixel().avif().toBuffer()],
  ])('knows %s by its bytes', async (type, encode) => {
    expect(imageTypeOf(await encode())).toBe(type);
  });

  it.each([
    '<!doctype html><script>alert(1)</script>',
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    'alert(document.domain)',
    '',
    'RIFF\0\0\0\0WAVE',
    '\0\0\0\x18ftypisom',
  ])('is null for anything else: %j', (text) => {
    expect(imageTypeOf(Buffer.from(text, 'latin1'))).toBeNull();
  });
});
