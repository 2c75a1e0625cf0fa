import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { videoIdFromLink } from '../../../src/lib/video-link.ts';
import { VIDEO_ID } from '../../../src/lib/video-thumbnails.ts';

const ID = 'LtGSIGwBkrM';
const idChar = fc.constantFrom(...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'));
const anyId = fc.string({ unit: idChar, minLength: 11, maxLength: 11 });

describe('a video id from a pasted link', () => {
  it('takes the id from every kind of link the service shares', () => {
    for (const link of [
      ID,
      `  ${ID}\n`,
      `https://www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch?v=${ID}&t=42s&list=PL123`,
      `https://youtube.com/watch?feature=share&v=${ID}`,
      `http://m.youtube.com/watch?v=${ID}`,
      `https://music.youtube.com/watch?v=${ID}`,
      `www.youtube.com/watch?v=${ID}`,
      `https://youtu.be/${ID}`,
      `https://youtu.be/${ID}?si=abcDEF123`,
      `youtu.be/${ID}`,
      `https://www.youtube.com/shorts/${ID}`,
      `https://youtube.com/shorts/${ID}?feature=share`,
      `https://www.youtube.com/embed/${ID}?autoplay=1`,
      `https://www.youtube-nocookie.com/embed/${ID}`,
      `https://www.youtube.com/live/${ID}`,
      `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
    ])
      expect(videoIdFromLink(link), link).toBe(ID);
  });

  it('takes nothing from other sites, other pages or ids of the wrong length', () => {
    for (const text of [
      '',
      'hello',
      `${ID}x`,
      ID.slice(1),
      `https://vimeo.com/${ID}`,
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `https://evil.example/?v=${ID}`,
      `https://www.youtube.com/@artist`,
      `https://www.youtube.com/watch?v=${ID}x`,
      `https://www.youtube.com/watch?v=${ID.slice(0, 10)}!`,
      `javascript:alert(1)//youtu.be/${ID}`,
      `ftp://youtu.be/${ID}`,
      `https://youtu.be/`,
    ])
      expect(videoIdFromLink(text), text).toBeNull();
  });

  it('finds any well-formed id in any link shape', () => {
    fc.assert(
      fc.property(
        anyId,
        fc.constantFrom('https://www.youtube.com/watch?v=', 'https://youtu.be/', 'https://youtube.com/shorts/', ''),
        (id, prefix) => {
          expect(videoIdFromLink(prefix + id)).toBe(id);
        },
      ),
    );
  });

  it('never throws on arbitrary text and accepts only 11-character ids', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.webUrl({ withQueryParameters: true })), (text) => {
        const id = videoIdFromLink(text);
        if (id !== null) expect(id).toMatch(VIDEO_ID);
      }),
      { numRuns: 2000 },
    );
  });
});
