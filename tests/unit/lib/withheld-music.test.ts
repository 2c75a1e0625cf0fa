import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isReleaseTrack,
  parseReleaseMoments,
  releaseMomentsFile,
  upcomingReleases,
  type DatedRelease,
} from '../../../src/lib/withheld-music.ts';

const EP: DatedRelease = { title: 'Second EP', kind: 'EP', playlist: 'EP2', releaseAt: '2030-01-10T00:00-03:00' };
const SINGLE: DatedRelease = {
  title: 'Ponto de Ônibus',
  kind: 'Single',
  playlist: 'Singles',
  releaseAt: '2030-02-01T12:00Z',
};
const LISTED: DatedRelease = {
  title: 'Two from the album',
  kind: 'Album',
  playlist: 'TTMM',
  tracks: ['O Chamado', 'A Travessia'],
  releaseAt: '2030-03-01T00:00Z',
};

describe('isReleaseTrack', () => {
  it('takes an EP’s or album’s whole playlist', () => {
    expect(isReleaseTrack(EP, 'EP2', 'Anything')).toBe(true);
    expect(isReleaseTrack(EP, 'Singles', 'Anything')).toBe(false);
  });

  it('takes a single’s own track only, read as titles are everywhere', () => {
    expect(isReleaseTrack(SINGLE, 'Singles', '02-Ponto de Ônibus')).toBe(true);
    expect(isReleaseTrack(SINGLE, 'Singles', 'Quintal')).toBe(false);
  });

  it('takes the tracks a release lists, where it lists them', () => {
    expect(isReleaseTrack(LISTED, 'TTMM', 'a travessia')).toBe(true);
    expect(isReleaseTrack(LISTED, 'TTMM', 'O Retorno')).toBe(false);
  });
});

describe('upcomingReleases', () => {
  it('keeps those whose moment is still to come', () => {
    const at = Date.parse('2030-02-01T12:00Z');
    expect(upcomingReleases([EP, SINGLE, LISTED], at)).toEqual([LISTED]);
    expect(upcomingReleases([EP, SINGLE, LISTED], at - 1)).toEqual([SINGLE, LISTED]);
  });
});

describe('the build’s file', () => {
  it('reads back what was written', () => {
    expect(parseReleaseMoments(releaseMomentsFile([EP, SINGLE, LISTED]))).toEqual([EP, SINGLE, LISTED]);
  });

  it('gives no release, never an error, for any other text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.json()), (text) => {
        expect(Array.isArray(parseReleaseMoments(text))).toBe(true);
      }),
    );
    expect(parseReleaseMoments('{"releases":[{"title":"x","kind":"EP","playlist":"p","releaseAt":"soon"}]}')).toEqual(
      [],
    );
  });
});
