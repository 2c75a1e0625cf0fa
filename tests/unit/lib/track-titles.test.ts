import { describe, expect, it } from 'vitest';
import { findTrackByTitle, titleKey } from '../../../src/lib/track-titles.ts';
import { compareTracks, trackFromFileName } from '../../../src/lib/track-order.ts';

describe('titleKey', () => {
  it.each([
    ['Suburban Ride', 'suburban ride'],
    ['  SUBURBAN   ride ', 'suburban ride'],
    ['03-Suburban Ride', 'suburban ride'],
    ['Ponto de Ônibus', 'ponto de onibus'],
    ['Canção Nº1', 'cancao nº1'],
  ])('%j reads as %j', (title, key) => {
    expect(titleKey(title)).toBe(key);
  });
});

describe('findTrackByTitle', () => {
  const tracks = [{ title: 'Estranho' }, { title: '02-Strange Way to Know Me' }, { title: 'Suburban Ride' }];

  it('finds a track whatever its case, accents and number prefix', () => {
    expect(findTrackByTitle(tracks, 'Strange Way To Know Me')).toBe(1);
    expect(findTrackByTitle(tracks, 'suburban ride')).toBe(2);
    expect(findTrackByTitle(tracks, 'Éstranho')).toBe(0);
  });

  it('gives -1 for a title the list does not have, or for an empty list', () => {
    expect(findTrackByTitle(tracks, 'Sometimes Rock')).toBe(-1);
    expect(findTrackByTitle([], 'Suburban Ride')).toBe(-1);
  });
});

describe('the media library’s order', () => {
  it('reads a title and track number from a file name', () => {
    expect(trackFromFileName('07-Late Night.flac')).toEqual({ title: '07-Late Night', trackNumber: 7 });
    expect(trackFromFileName('No Number.wav')).toEqual({ title: 'No Number', trackNumber: null });
  });

  it('orders by track number, numberless last, then by file name with numbers as numbers', () => {
    const files = [
      { file: 'b.wav', trackNumber: null },
      { file: 'track 10.wav', trackNumber: 2 },
      { file: 'track 9.wav', trackNumber: 2 },
      { file: 'a.wav', trackNumber: 1 },
      { file: 'a.wav', trackNumber: null },
    ];
    expect([...files].sort(compareTracks).map(({ file, trackNumber }) => `${String(trackNumber)} ${file}`)).toEqual([
      '1 a.wav',
      '2 track 9.wav',
      '2 track 10.wav',
      'null a.wav',
      'null b.wav',
    ]);
  });
});
