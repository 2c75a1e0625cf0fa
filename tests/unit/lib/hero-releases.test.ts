import { describe, expect, it } from 'vitest';
import { catalogueSummary, heroKeyClashes, heroName, releaseForHeroKey } from '../../../src/lib/hero-releases.ts';

const releases = [
  { slug: 'ep', kind: 'EP', released: '2023-04', heroKey: 'ep1' },
  { slug: 'old-single', kind: 'Single', released: '2023-11', heroKey: 'strange' },
  { slug: 'new-single', kind: 'Single', released: '2025-02' },
  { slug: 'mid-single', kind: 'Single', released: '2024-12-20' },
  { slug: 'album', kind: 'Album', released: '2026-01' },
];

describe('releaseForHeroKey', () => {
  it('gives the release that names the key', () => {
    expect(releaseForHeroKey('ep1', releases)?.slug).toBe('ep');
    expect(releaseForHeroKey('strange', releases)?.slug).toBe('old-single');
  });

  it('gives the singles key the newest single, whatever the order of the list', () => {
    expect(releaseForHeroKey('singles', releases)?.slug).toBe('new-single');
    expect(releaseForHeroKey('singles', [...releases].reverse())?.slug).toBe('new-single');
  });

  it('prefers a release that names the singles key', () => {
    const named = [...releases, { slug: 'compilation', kind: 'Album', released: '2020-01', heroKey: 'singles' }];
    expect(releaseForHeroKey('singles', named)?.slug).toBe('compilation');
  });

  it('gives nothing for a key no release names, or for singles without singles', () => {
    expect(releaseForHeroKey('videos', releases)).toBeUndefined();
    expect(
      releaseForHeroKey(
        'singles',
        releases.filter((release) => release.kind !== 'Single'),
      ),
    ).toBeUndefined();
  });
});

describe('catalogueSummary', () => {
  it('sums the side panel up from the releases: the EP and album keys’ releases and every single', () => {
    const summary = catalogueSummary(releases);
    expect(summary.ep1?.slug).toBe('ep');
    expect(summary.ep2).toBeUndefined();
    expect(summary.album).toBeUndefined();
    expect(summary.singles).toBe(3);
    expect(catalogueSummary([...releases, { slug: 'later', kind: 'Single', released: '2026-02' }]).singles).toBe(4);
  });
});

describe('heroName', () => {
  it('gives the short title where there is one', () => {
    expect(heroName({ title: 'Tasty Themes for Mono Myths', shortTitle: 'TTMM' })).toBe('TTMM');
    expect(heroName({ title: 'Cocktail Nº1' })).toBe('Cocktail Nº1');
  });
});

describe('heroKeyClashes', () => {
  it('names each release that gives a key another release gives', () => {
    expect(heroKeyClashes(releases)).toEqual([]);
    expect(heroKeyClashes([...releases, { slug: 'another-ep', heroKey: 'ep1' }])).toEqual([
      "content/releases/ep.json: heroKey: ep1 is another-ep.json's too; a key presents one release",
    ]);
  });
});
