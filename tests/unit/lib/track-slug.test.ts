import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackSlug, trackSlugs } from '../../../src/lib/track-slug.ts';

describe('trackSlug', () => {
  it.each([
    ['01-Ponto de Ônibus', 'ponto-de-onibus'],
    ['  Suburban Ride  ', 'suburban-ride'],
    ['Cocktail Nº1', 'cocktail-n-1'],
    ['Rock & Roll!', 'rock-roll'],
    ['???', 'track'],
    ['', 'track'],
  ])('%j → %s', (title, slug) => {
    expect(trackSlug(title)).toBe(slug);
  });

  it('is always a clean address segment (arbitrary Unicode)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (title) => {
        expect(trackSlug(title)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      }),
    );
  });

  it('gives tracks of one release distinct slugs, in order', () => {
    expect(trackSlugs(['Intro', 'intro', 'INTRO!', 'Outro'])).toEqual(['intro', 'intro-2', 'intro-3', 'outro']);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }), (titles) => {
        const slugs = trackSlugs(titles);
        expect(new Set(slugs).size).toBe(titles.length);
      }),
    );
  });
});
