import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedLanguage, isCompact, isEmbedPath, musicPageOf, oembedDiscoveryUrl } from '../../../src/lib/embeds.ts';

const SITE = 'https://example.test';

describe('musicPageOf', () => {
  it('reads release and track pages of the site in any language and form', () => {
    expect(musicPageOf(`${SITE}/pt/music/first-ep`, SITE)).toEqual({ lang: 'pt', release: 'first-ep', track: null });
    expect(musicPageOf('http://example.test/es/music/first-ep/song-1/', SITE)).toEqual({
      lang: 'es',
      release: 'first-ep',
      track: 'song-1',
    });
    expect(musicPageOf(`${SITE}/EN/music/first-ep`, SITE)).toBeNull();
    expect(musicPageOf(`${SITE}/en/music/first-ep/a/b`, SITE)).toBeNull();
    expect(musicPageOf(`${SITE}/en/music/First_EP`, SITE)).toBeNull();
  });

  it('names a page only of this site, whatever the input (arbitrary Unicode)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (url) => {
        const page = musicPageOf(url, SITE);
        if (page) expect(new URL(url).hostname).toBe('example.test');
      }),
    );
  });
});

describe('the embed page helpers', () => {
  it('takes ?lang= first, else the browser language', () => {
    expect(embedLanguage('?lang=es', ['en-US'])).toBe('es');
    expect(embedLanguage('?lang=xx', ['en-US'])).toBe('en');
    expect(embedLanguage('', [])).toBe('pt');
  });

  it('reads the compact flag and the embed paths', () => {
    expect(['?compact=1', '?compact=0', ''].filter(isCompact)).toEqual(['?compact=1']);
    expect(['/embed/x', '/embedded'].filter(isEmbedPath)).toEqual(['/embed/x']);
  });

  it('writes the discovery link for a page', () => {
    expect(oembedDiscoveryUrl(`${SITE}/`, '/pt/music/a')).toBe(
      `${SITE}/oembed?url=${encodeURIComponent(`${SITE}/pt/music/a`)}&format=json`,
    );
  });
});
