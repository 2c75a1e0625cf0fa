import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackSlug, trackSlugs } from '../../../src/lib/track-slug.ts';

/** A clean address segment: lower-case ASCII letters and digits joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe("a track's slug", () => {
  it('is its title in lower case, without accents, words joined by hyphens', () => {
    expect(trackSlug('Gelo e Brasa')).toBe('gelo-e-brasa');
    expect(trackSlug('01-Ponto de Ônibus')).toBe('ponto-de-onibus');
    expect(trackSlug('Cocktail Nº1 (Live!)')).toBe('cocktail-no1-live');
  });

  it('is always a non-empty address segment, one per track, stable while the titles are', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 300 }), { maxLength: 30 }), (titles) => {
        const slugs = trackSlugs(titles);
        expect(slugs).toHaveLength(titles.length);
        for (const slug of slugs) expect(slug).toMatch(SLUG);
        expect(new Set(slugs).size).toBe(slugs.length);
        expect(trackSlugs(titles)).toEqual(slugs);
        // A track added at the end moves no earlier track's address.
        expect(trackSlugs([...titles, 'x']).slice(0, titles.length)).toEqual(slugs);
      }),
    );
  });

  it('falls back on the track number where the title has no Latin letter or digit', () => {
    expect(trackSlugs(['東京', 'Ω', 'Tokyo', 'Tokyo'])).toEqual(['1', '2', 'tokyo', 'tokyo-2']);
  });
});
