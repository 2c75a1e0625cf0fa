/**
 * The names the studio gives to what the artist sends, over arbitrary Unicode: a track's file
 * name and a playlist's folder never hold a path, a hidden name, a control character or more
 * bytes than a file system allows, and a track keeps the extension its content warrants; a
 * failure's reason reaches the artist without the server's paths.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { CONTROL_CHARACTER } from '../../../src/lib/control-characters.ts';
import { withoutPaths } from '../../../server/services/media/music-listing.ts';
import {
  isSafeName,
  playlistName,
  trackFileName,
  withSuffix,
} from '../../../server/services/media/upload/safe-names.ts';

const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .array(fc.constantFrom('..', '/', '\\', '\0', '\u001b[2J', '.', ' ', '-', 'Faixa', '\u202e', 'ç', '😀', '.wav'), {
      maxLength: 40,
    })
    .map((parts) => parts.join('')),
);

function expectSafe(name: string): void {
  expect(name).not.toMatch(/[/\\\0]|\.\.|^[.\s-]/);
  expect(name).not.toMatch(CONTROL_CHARACTER);
  expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(255);
  expect(isSafeName(name)).toBe(true);
}

it('a track’s name is safe and ends with the extension its content warrants', () => {
  fc.assert(
    fc.property(
      hostile,
      fc.constantFrom('.wav', '.flac', '.mp3'),
      fc.integer({ min: 1, max: 999 }),
      (original, extension, attempt) => {
        const name = withSuffix(trackFileName(original, extension), attempt);
        expectSafe(name);
        expect(name.endsWith(extension)).toBe(true);
      },
    ),
    { numRuns: 2000 },
  );
});

it('a playlist’s name is safe, or there is none', () => {
  fc.assert(
    fc.property(hostile, (text) => {
      const name = playlistName(text);
      if (name !== null) expectSafe(name);
    }),
    { numRuns: 2000 },
  );
});

it('keeps an ordinary name as the artist wrote it', () => {
  expect(trackFileName('02 - Canção do Mar (master).wav', '.wav')).toBe('02 - Canção do Mar (master).wav');
  expect(trackFileName('mix.final.mp3', '.wav')).toBe('mix.final.wav');
  expect(playlistName('Ao Vivo no Teatro')).toBe('Ao Vivo no Teatro');
  // The renditions are served from a folder of that name beside the playlists.
  expect(playlistName('Renditions')).toBeNull();
});

it('shows a failure’s reason to the artist without the server’s paths', () => {
  expect(withoutPaths('/srv/media/Album/09.wav: Invalid data found when processing input')).toBe(
    '09.wav: Invalid data found when processing input',
  );
  expect(withoutPaths('Error opening input file /var/data/renditions/0a1b/aac-x.m4a.')).toBe(
    'Error opening input file aac-x.m4a.',
  );
  expect(withoutPaths('took longer than 600 s')).toBe('took longer than 600 s');
  expect(withoutPaths(null)).toBeNull();
});
