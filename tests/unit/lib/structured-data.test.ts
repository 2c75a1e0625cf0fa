import { describe, expect, it } from 'vitest';
import { isoDuration, musicAlbumJsonLd } from '../../../src/lib/structured-data.ts';

describe('the MusicAlbum of a release', () => {
  it('lists its tracks as MusicRecordings, with ISO 8601 durations where known', () => {
    const album = musicAlbumJsonLd(
      {
        name: 'A',
        url: 'https://example.com/en/music/a',
        image: 'https://example.com/cards/a.jpg',
        kind: 'Single',
        datePublished: '2025-02',
        tracks: [{ title: 'A', duration: '3:05' }, { title: 'B' }],
      },
      { name: 'Group', url: 'https://example.com/en' },
    );
    expect(album).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MusicAlbum',
      albumReleaseType: 'SingleRelease',
      numTracks: 2,
      track: [
        { '@type': 'MusicRecording', name: 'A', duration: 'PT3M5S' },
        { '@type': 'MusicRecording', name: 'B' },
      ],
    });
    expect(isoDuration('12:00')).toBe('PT12M0S');
  });
});
