import { describe, expect, it } from 'vitest';
import { releaseForHeroKey } from '../../../src/lib/hero-releases.ts';

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
