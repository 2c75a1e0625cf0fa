import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDIT_ROLES, releaseSchema, trackTextsSchema } from '../../../src/lib/content-schemas.ts';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import { lyricsUrlOf, lyricsVersions, stanzas, type TrackLyrics } from '../../../src/lib/lyrics-versions.ts';
import { musicRecordingJsonLd } from '../../../src/lib/structured-data.ts';
import { titleKey } from '../../../src/lib/track-titles.ts';
import { releaseTracks, trackCredits, type ReleaseWithTracks } from '../../../src/lib/track-texts.ts';
import { SAMPLE_RELEASE } from '../content/sample-release.ts';

describe("a track's lyrics and credits file", () => {
  it('accepts lyrics in any language tag, translations into the site languages, any subset of credits', () => {
    for (const language of ['pt-BR', 'en', 'yo', 'zh-Hant-TW', 'gsw'])
      expect(trackTextsSchema.safeParse({ track: 'A', language, lyrics: 'la\nla' }).success, language).toBe(true);
    const file = trackTextsSchema.parse({
      track: 'A',
      language: 'fr',
      lyrics: 'un\n\ndeux',
      translations: { pt: 'um\n\ndois' },
      credits: { mixedBy: ['X'], recordedAt: ['Y Studio'] },
    });
    expect(file.credits).toEqual({ mixedBy: ['X'], recordedAt: ['Y Studio'] });
    expect(trackTextsSchema.safeParse({ track: 'Instrumental', credits: { performedBy: ['Z'] } }).success).toBe(true);
  });

  it('refuses lyrics without their language, a malformed tag, a translation without lyrics, an unknown field', () => {
    const issues = (value: unknown) =>
      trackTextsSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(issues({ track: 'A', lyrics: 'la' })).toEqual(['language']);
    expect(issues({ track: 'A', language: 'not a tag!', lyrics: 'la' })).toEqual(['language']);
    expect(issues({ track: 'A', translations: { en: 'la' } })).toContain('lyrics');
    expect(issues({ track: 'A', translations: { fr: 'la' }, lyrics: 'la', language: 'pt' })).toEqual(['translations']);
    expect(issues({ track: 'A', credits: { arrangedBy: ['X'] } })).toEqual(['credits']);
    expect(issues({ track: 'A', credits: { mixedBy: [] } })).toEqual(['credits.mixedBy']);
    expect(issues({ track: '' })).toEqual(['track']);
  });

  it('can sit beside credits in a release file', () => {
    expect(releaseSchema.parse({ ...SAMPLE_RELEASE, credits: { producedBy: ['X'] } }).credits).toEqual({
      producedBy: ['X'],
    });
  });
});

describe("a track's credits", () => {
  it("are the release's, each role the track names replaced by its own list", () => {
    expect(trackCredits({ writtenBy: ['A'], producedBy: ['P'] }, { producedBy: ['Q', 'R'], mixedBy: ['M'] })).toEqual({
      writtenBy: ['A'],
      producedBy: ['Q', 'R'],
      mixedBy: ['M'],
    });
    expect(trackCredits(undefined, undefined)).toEqual({});
    expect(CREDIT_ROLES).toContain('recordedAt');
  });
});

/** Any instant: no release of these tests but the one dated for it is still to come. */
const NOW = Date.parse('2026-11-26T12:00Z');

describe('matching track files to the releases’ tracks', () => {
  const releases = [
    {
      slug: 'ep',
      tracks: [{ title: 'Ponto de Ônibus', duration: '3:00' }, { title: 'Outra' }],
      credits: { mixedBy: ['M'] },
    },
    { slug: 'none' },
  ];

  it('finds a track by its title as titles are compared, and gives it its lyrics and credits', () => {
    const { tracks, ignored } = releaseTracks(
      releases,
      [
        {
          id: 'ep/x',
          data: { track: ' ponto de onibus', language: 'pt', lyrics: 'a\n\nb', credits: { writtenBy: ['W'] } },
        },
      ],
      NOW,
    );
    expect(ignored).toEqual([]);
    const [first, second] = tracks.get('ep') ?? [];
    expect(first).toMatchObject({
      title: 'Ponto de Ônibus',
      slug: 'ponto-de-onibus',
      number: 1,
      credits: { mixedBy: ['M'], writtenBy: ['W'] },
      lyrics: { language: 'pt', text: 'a\n\nb', translations: {} },
    });
    expect(second).toMatchObject({ slug: 'outra', number: 2, credits: { mixedBy: ['M'] }, lyrics: undefined });
    expect(first?.hasPage).toBe(true);
    expect(tracks.get('none')).toEqual([]);
  });

  it('lists a release still to come without pages or lyrics, until its moment', () => {
    const dated: ReleaseWithTracks[] = releases.map((release) => ({ ...release, releaseAt: '2026-12-01T00:00-03:00' }));
    const files = [{ id: 'ep/x', data: { track: 'Ponto de Ônibus', language: 'pt', lyrics: 'a' } }];
    const before = releaseTracks(dated, files, NOW).tracks.get('ep') ?? [];
    expect(before.map((track) => [track.hasPage, track.lyrics])).toEqual([
      [false, undefined],
      [false, undefined],
    ]);
    expect(before[0]?.slug).toBe('ponto-de-onibus');
    const after = releaseTracks(dated, files, Date.parse('2026-12-01T03:00Z')).tracks.get('ep') ?? [];
    expect(after.every((track) => track.hasPage)).toBe(true);
    expect(after[0]?.lyrics?.text).toBe('a');
  });

  it('leaves out, naming it, a file for a track or release the library does not have, or a second file for a track', () => {
    const { tracks, ignored } = releaseTracks(
      releases,
      [
        { id: 'ep/unknown', data: { track: 'Not On The EP', language: 'pt', lyrics: 'x' } },
        { id: 'gone/a', data: { track: 'Outra', language: 'pt', lyrics: 'x' } },
        { id: 'ep/a', data: { release: 'ep', track: 'Outra', language: 'pt', lyrics: 'first' } },
        { id: 'ep/b', data: { track: 'OUTRA', language: 'pt', lyrics: 'second' } },
        { id: 'ep/c', data: { release: 'none', track: 'Ponto de Ônibus', language: 'pt', lyrics: 'elsewhere' } },
      ],
      NOW,
    );
    expect(ignored).toHaveLength(4);
    expect(ignored.find((message) => message.startsWith('ep/unknown'))).toMatch(/Not On The EP/);
    expect(ignored.find((message) => message.startsWith('gone/a'))).toMatch(/gone/);
    expect(ignored.find((message) => message.startsWith('ep/b'))).toBeDefined();
    expect(ignored.find((message) => message.startsWith('ep/c'))).toMatch(/none/);
    expect(tracks.get('ep')?.[0]?.lyrics).toBeUndefined();
    expect(tracks.get('ep')?.[1]?.lyrics?.text).toBe('first');
  });
});

describe('the versions of the lyrics a reader is offered', () => {
  const lyrics: TrackLyrics = { language: 'pt-BR', text: 'um', translations: { en: 'one', es: 'uno' } };

  it("put the page's language first: its translation, or the original when sung in it", () => {
    expect(lyricsVersions(lyrics, 'en').map((version) => version.id)).toEqual(['en', 'original', 'es']);
    expect(lyricsVersions(lyrics, 'pt').map((version) => version.id)).toEqual(['original', 'en', 'es']);
    expect(lyricsVersions({ ...lyrics, translations: {} }, 'es').map((version) => version.id)).toEqual(['original']);
    // A "translation" into the language it is sung in adds nothing.
    expect(lyricsVersions({ ...lyrics, translations: { pt: 'um' } }, 'pt')).toHaveLength(1);
  });

  it('always offer the original once, every translation once, the page language first when there is one', () => {
    const translations = fc.dictionary(fc.constantFrom(...LANGUAGES), fc.string({ minLength: 1 }));
    const tag = fc.constantFrom('pt-BR', 'en', 'es-MX', 'yo', 'fr');
    fc.assert(
      fc.property(tag, translations, fc.constantFrom(...LANGUAGES), (language, given, lang) => {
        const versions = lyricsVersions({ language, text: 'x', translations: given }, lang);
        expect(versions.filter((version) => version.id === 'original')).toHaveLength(1);
        expect(new Set(versions.map((version) => version.id)).size).toBe(versions.length);
        const sungInIt = language.split('-')[0] === lang;
        expect(versions[0]?.id).toBe(sungInIt || !(lang in given) ? 'original' : lang);
      }),
    );
  });

  it('keep stanzas and their line breaks, whatever the text', () => {
    expect(stanzas('a\nb\n\n\nc\r\n \r\nd\n')).toEqual(['a\nb', 'c', 'd']);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        for (const stanza of stanzas(text)) {
          expect(stanza.trim()).not.toBe('');
          expect(stanza).not.toMatch(/\n[ \t]*\n/);
          expect(text.replace(/\r\n?/g, '\n')).toContain(stanza);
        }
      }),
    );
  });

  it("are found for the player's track by playlist and title as titles are compared", () => {
    const index = { 'Cocktail Nº1': { [titleKey('Primeiro Gole')]: '/lyrics/a.json' } };
    expect(lyricsUrlOf(index, 'Cocktail Nº1', '01-Primeiro Gole')).toBe('/lyrics/a.json');
    expect(lyricsUrlOf(index, 'Singles', 'Primeiro Gole')).toBeUndefined();
    expect(lyricsUrlOf(index, '__proto__', 'x')).toBeUndefined();
  });
});

describe('the MusicRecording of a track page', () => {
  const base = {
    name: 'Song',
    url: 'https://example.com/en/music/ep/song',
    image: 'https://example.com/cards/ep.jpg',
    byArtist: { name: 'Group', url: 'https://example.com/en' },
    inAlbum: { name: 'EP', url: 'https://example.com/en/music/ep' },
  };

  it('records a composition with its writers, its lyrics in their language and their translations', () => {
    const recording = musicRecordingJsonLd({
      ...base,
      duration: '3:05',
      writtenBy: ['A', 'B'],
      lyrics: { text: 'um', inLanguage: 'pt-BR', translations: [{ text: 'one', inLanguage: 'en' }] },
    });
    expect(recording).toEqual({
      '@context': 'https://schema.org',
      '@type': 'MusicRecording',
      ...base,
      duration: 'PT3M5S',
      byArtist: { '@type': 'MusicGroup', ...base.byArtist },
      inAlbum: { '@type': 'MusicAlbum', ...base.inAlbum },
      recordingOf: {
        '@type': 'MusicComposition',
        name: 'Song',
        composer: [
          { '@type': 'Person', name: 'A' },
          { '@type': 'Person', name: 'B' },
        ],
        lyricist: [
          { '@type': 'Person', name: 'A' },
          { '@type': 'Person', name: 'B' },
        ],
        lyrics: {
          '@type': 'CreativeWork',
          text: 'um',
          inLanguage: 'pt-BR',
          workTranslation: [{ '@type': 'CreativeWork', text: 'one', inLanguage: 'en' }],
        },
      },
    });
  });

  it('leaves out what is not known: no duration, writers, lyrics or translations', () => {
    const recording = musicRecordingJsonLd({ ...base, lyrics: { text: 'la', inLanguage: 'yo', translations: [] } });
    expect(recording).not.toHaveProperty('duration');
    expect(recording.recordingOf).toEqual({
      '@type': 'MusicComposition',
      name: 'Song',
      lyrics: { '@type': 'CreativeWork', text: 'la', inLanguage: 'yo' },
    });
  });
});
