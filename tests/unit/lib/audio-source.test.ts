import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickSource, type AudioSource } from '../../../src/lib/audio-source.ts';

const OPUS = { url: '/r/opus.webm', mimeType: 'audio/webm; codecs="opus"' };
const AAC = { url: '/r/aac.m4a', mimeType: 'audio/mp4; codecs="mp4a.40.2"' };
const plays =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type) ? 'maybe' : '';

describe('pickSource', () => {
  it('takes the first source the browser can play, in the API’s order', () => {
    const track = { url: '/original.wav', sources: [OPUS, AAC] };
    expect(pickSource(track, plays(OPUS.mimeType, AAC.mimeType))).toBe(OPUS.url);
    expect(pickSource(track, plays(AAC.mimeType))).toBe(AAC.url);
  });

  it('falls back to the track’s url without sources, or when none plays', () => {
    expect(pickSource({ url: '/original.wav' }, plays(OPUS.mimeType))).toBe('/original.wav');
    expect(pickSource({ url: '/original.wav', sources: [OPUS] }, plays())).toBe('/original.wav');
  });

  it('always answers a playable source or the url', () => {
    const source = fc.record({
      url: fc.webPath(),
      mimeType: fc.constantFrom(OPUS.mimeType, AAC.mimeType, 'audio/flac'),
    });
    fc.assert(
      fc.property(
        fc.array(source),
        fc.subarray([OPUS.mimeType, AAC.mimeType, 'audio/flac']),
        (sources: AudioSource[], playable) => {
          const picked = pickSource({ url: '/u', sources }, plays(...playable));
          const first = sources.find((candidate) => playable.includes(candidate.mimeType));
          expect(picked).toBe(first ? first.url : '/u');
        },
      ),
    );
  });
});
