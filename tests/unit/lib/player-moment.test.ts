import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findSharedTrack,
  MAX_MOMENT_SECONDS,
  momentFromSearch,
  momentLink,
  parseMoment,
  parseTrackRef,
} from '../../../src/lib/player-moment.ts';
import { LANGUAGES } from '../../../src/lib/languages.ts';

// Streamed as renditions: a link names the master's file all the same.
const tracks = ['01-One.mp3', '02-Two.mp3', 'Três faixa.flac'].map((file, index) => ({
  file,
  url: `/media/renditions/${index}/aac-0123456789.m4a`,
  title: file.replace(/\.\w+$/, ''),
}));

describe('parseMoment', () => {
  it('reads plain seconds and h/m/s forms', () => {
    expect(parseMoment('83')).toBe(83);
    expect(parseMoment('1m23s')).toBe(83);
    expect(parseMoment('2m')).toBe(120);
    expect(parseMoment('45s')).toBe(45);
    expect(parseMoment('1h0m1s')).toBe(3601);
    expect(parseMoment('0')).toBe(0);
  });

  it('refuses what is no moment', () => {
    for (const value of ['', '-5', '1.5', 'abc', '1m23', 'm', '1e3', ' 83', '83 ', '0x10', 'Infinity', '1s2m', null]) {
      expect(parseMoment(value)).toBeNull();
    }
    expect(parseMoment(String(MAX_MOMENT_SECONDS + 1))).toBeNull();
  });

  it('gives null or a whole number of seconds within a day for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const seconds = parseMoment(value);
        expect(seconds === null || (Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_MOMENT_SECONDS)).toBe(
          true,
        );
      }),
    );
  });
});

describe('parseTrackRef', () => {
  it('reads a number from 1 or a file name', () => {
    expect(parseTrackRef('3')).toEqual({ number: 3 });
    expect(parseTrackRef('Três faixa.flac')).toEqual({ file: 'Três faixa.flac' });
  });

  it('refuses 0, paths, dot names and control characters', () => {
    for (const value of ['0', '', '../etc/passwd', 'a/b', 'a\\b', '..', 'x\u0000y', 'x\u202Ey', '99999', null]) {
      expect(parseTrackRef(value)).toBeNull();
    }
  });

  it('never lets a path or a control character through, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (value) => {
        const ref = parseTrackRef(value);
        if (ref && 'file' in ref) {
          expect(ref.file).not.toMatch(/[/\\]/);
          expect(ref.file.length).toBeLessThanOrEqual(255);
        }
        if (ref && 'number' in ref) expect(ref.number).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('a moment in an address', () => {
  it('finds the track by number, file or title, and none out of range', () => {
    expect(findSharedTrack(tracks, { number: 2 })).toBe(1);
    expect(findSharedTrack(tracks, { number: 4 })).toBe(-1);
    expect(findSharedTrack(tracks, { file: 'Três faixa.flac' })).toBe(2);
    expect(findSharedTrack(tracks, { file: 'Other.mp3' })).toBe(-1);
    expect(findSharedTrack(tracks, { title: 'Três faixa' })).toBe(2);
    expect(findSharedTrack(tracks, { title: 'Other' })).toBe(-1);
  });

  it('reads both parameters, each alone when the other is bad', () => {
    expect(momentFromSearch('?track=2&t=1m23s')).toEqual({ track: { number: 2 }, seconds: 83 });
    expect(momentFromSearch('?track=2&t=oops')).toEqual({ track: { number: 2 }, seconds: null });
    expect(momentFromSearch('?t=5')).toEqual({ track: null, seconds: 5 });
    expect(momentFromSearch('')).toEqual({ track: null, seconds: null });
  });

  it('any query gives a track among the list or none, and a moment within a day or none', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (track, time) => {
        const search = `?track=${encodeURIComponent(track)}&t=${encodeURIComponent(time)}`;
        const moment = momentFromSearch(search);
        if (moment.track) {
          const index = findSharedTrack(tracks, moment.track);
          expect(index).toBeGreaterThanOrEqual(-1);
          expect(index).toBeLessThan(tracks.length);
        }
        expect(moment.seconds === null || moment.seconds <= MAX_MOMENT_SECONDS).toBe(true);
      }),
    );
  });
});

describe('momentLink', () => {
  const origin = 'https://example.com';

  it('names the track’s page and the whole second', () => {
    const track = { number: 3, slug: 'gelo-e-brasa' };
    expect(momentLink({ origin, lang: 'en', release: 'cocktail-n1', track, seconds: 83.9 })).toBe(
      'https://example.com/en/music/cocktail-n1/gelo-e-brasa?t=83',
    );
    expect(momentLink({ origin, lang: 'es', release: 'x', track, seconds: 0 })).toBe(
      'https://example.com/es/music/x/gelo-e-brasa',
    );
  });

  it('names the release page and the track’s number when the track has no page', () => {
    expect(momentLink({ origin, lang: 'en', release: 'cocktail-n1', track: { number: 3 }, seconds: 83.9 })).toBe(
      'https://example.com/en/music/cocktail-n1?track=3&t=83',
    );
    expect(momentLink({ origin, lang: 'pt', release: 'x', track: { number: 1 }, seconds: 0 })).toBe(
      'https://example.com/pt/music/x?track=1',
    );
  });

  it('reads back as the moment it was built from, for any release, track and second', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        // A slug is a file's name: never `.` or `..`, which an address resolves away.
        fc.string({ unit: 'grapheme', minLength: 1 }).filter((slug) => !/^\.{1,2}$/.test(slug)),
        fc.integer({ min: 1, max: 999 }),
        fc.double({ min: 0, max: MAX_MOMENT_SECONDS, noNaN: true }),
        (lang, release, track, seconds) => {
          const url = new URL(momentLink({ origin, lang, release, track: { number: track }, seconds }));
          expect(url.origin).toBe(origin);
          expect(url.pathname).toBe(`/${lang}/music/${encodeURIComponent(release)}`);
          const moment = momentFromSearch(url.search);
          expect(moment.track).toEqual({ number: track });
          expect(moment.seconds ?? 0).toBe(Math.floor(seconds));
        },
      ),
    );
  });

  it('names a track page under its release page, and only the second, for any slugs', () => {
    // Slugs are file names: never `.` or `..`, which an address resolves away.
    const slug = fc.string({ unit: 'grapheme', minLength: 1 }).filter((text) => !/^\.{1,2}$/.test(text));
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        slug,
        slug,
        fc.double({ min: 0, max: MAX_MOMENT_SECONDS, noNaN: true }),
        (lang, release, trackSlug, seconds) => {
          const url = new URL(momentLink({ origin, lang, release, track: { number: 2, slug: trackSlug }, seconds }));
          expect(url.origin).toBe(origin);
          expect(url.pathname).toBe(`/${lang}/music/${encodeURIComponent(release)}/${encodeURIComponent(trackSlug)}`);
          expect(momentFromSearch(url.search)).toEqual({ track: null, seconds: Math.floor(seconds) || null });
        },
      ),
    );
  });
});
