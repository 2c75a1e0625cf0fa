import { describe, expect, it } from 'vitest';
import { formatReleaseDate } from '../../../src/lib/dates.ts';
import { releasePlatformLinks } from '../../../src/lib/release-links.ts';

const socials = [
  { icon: 'spotify', href: 'https://open.spotify.com/artist/x' },
  { icon: 'youtube', href: 'https://www.youtube.com/@x' },
  { icon: 'instagram', href: 'https://instagram.com/x' },
] as const;

describe('the platform buttons of a release page', () => {
  it('use the release’s own link first, else the artist’s page, else leave the platform out', () => {
    const links = releasePlatformLinks(
      { tidal: 'https://tidal.com/album/1', spotify: 'https://open.spotify.com/album/1' },
      socials,
    );
    expect(links.map(({ platform, href, isArtistPage }) => [platform, href, isArtistPage])).toEqual([
      ['spotify', 'https://open.spotify.com/album/1', false],
      ['youtube-music', 'https://www.youtube.com/@x', true],
      ['tidal', 'https://tidal.com/album/1', false],
    ]);
  });

  it('never offer a profile that is no music platform', () => {
    expect(releasePlatformLinks({}, socials).map((link) => link.platform)).not.toContain('instagram');
  });
});

describe('a release date', () => {
  it('reads as month and year, or with the day when given, in each language', () => {
    expect(formatReleaseDate('2023-04', 'pt-BR')).toBe('abril de 2023');
    expect(formatReleaseDate('2023-12', 'en-US')).toBe('December 2023');
    expect(formatReleaseDate('2024-11', 'es-ES')).toBe('noviembre de 2024');
    expect(formatReleaseDate('2025-02-14', 'en-US')).toBe('February 14, 2025');
  });
});
