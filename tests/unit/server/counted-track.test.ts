/** The master a play event counts, whether it names the master or a rendition of it. */
import { describe, expect, it } from 'vitest';
import type { Track } from '../../../server/services/media/media-library.ts';
import { countedTrackFile } from '../../../server/services/numbers/counted-track.ts';
import type { TrackRenditions } from '../../../server/services/renditions/renditions.ts';

const track = (file: string) => ({ playlist: 'EP', file }) as Track;
const TRACKS = [track('01-One.wav'), track('02-Two.wav'), track('03-Three.wav')];
/** One and two share a gain, so their renditions share a name; three has its own. */
const MADE: Record<string, { hash: string; files: string[] }> = {
  '01-One.wav': { hash: 'a'.repeat(24), files: ['opus-1111111111.webm', 'aac-1111111111.m4a'] },
  '02-Two.wav': { hash: 'b'.repeat(24), files: ['opus-1111111111.webm', 'aac-1111111111.m4a'] },
  '03-Three.wav': { hash: 'c'.repeat(24), files: ['opus-3333333333.webm', 'aac-3333333333.m4a'] },
};
const library = {
  tracks: (playlist: string) => (playlist === 'EP' ? TRACKS : []),
  track: (playlist: string, file: string) => library.tracks(playlist).find((one) => one.file === file),
};
const renditions = {
  of: (one: Track) => {
    const made = MADE[one.file];
    return { hash: made?.hash ?? null, renditions: (made?.files ?? []).map((file) => ({ file })) } as TrackRenditions;
  },
};
const counted = (playlist: string, file: string) => countedTrackFile(library, renditions, playlist, file);

describe('the master a play counts', () => {
  it('is the file itself when the playlist has it', () => {
    expect(counted('EP', '02-Two.wav')).toBe('02-Two.wav');
    expect(counted('Other', '02-Two.wav')).toBeNull();
  });

  it('is the master of a rendition its URL names, hash and all', () => {
    expect(counted('EP', `/media/renditions/${'b'.repeat(24)}/aac-1111111111.m4a`)).toBe('02-Two.wav');
    expect(counted('EP', `https://cdn.example/renditions/${'a'.repeat(24)}/opus-1111111111.webm`)).toBe('01-One.wav');
    expect(counted('EP', `/media/renditions/${'c'.repeat(24)}/aac-1111111111.m4a`)).toBeNull();
  });

  it('is the one track with a rendition of a bare name, and none when several share it', () => {
    expect(counted('EP', 'aac-3333333333.m4a')).toBe('03-Three.wav');
    expect(counted('EP', 'aac-1111111111.m4a')).toBeNull();
    expect(counted('EP', 'aac-9999999999.m4a')).toBeNull();
    expect(counted('EP', '%E0%A4%A')).toBeNull();
  });
});
