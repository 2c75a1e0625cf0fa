/**
 * The release pages' track lists read from the media library at build time, on real tagged
 * WAV files written into a temporary folder by the demo-media generator.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoMedia } from '../../../scripts/demo-media/generate.ts';
import { encodeId3 } from '../../../scripts/demo-media/id3.ts';
import { renderNotes } from '../../../scripts/demo-media/synth.ts';
import { encodeWav } from '../../../scripts/demo-media/wav.ts';
import {
  libraryTracks,
  mediaDirFromEnv,
  readPlaylistFolder,
  tracksOfRelease,
} from '../../../src/lib/release-tracks.ts';

let dir: string;

/** A WAV of `seconds` of sound, tagged with `title` when given. */
function wav(seconds: number, title?: string, track = 1): Buffer {
  const samples = renderNotes([{ pitch: 64, beat: 0, beats: 1 }], 120, seconds);
  return encodeWav(samples, title ? encodeId3({ title, artist: 'Test', album: 'Test', track }) : undefined);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'release-tracks-'));
  await generateDemoMedia(dir, 2);
  const singles = join(dir, 'Singles');
  writeFileSync(join(singles, '04-Suburban Ride.wav'), wav(3, 'SUBURBAN RIDE', 4));
  writeFileSync(join(singles, 'Canção Sem Tag.wav'), wav(1));
  writeFileSync(join(singles, 'broken.mp3'), 'not audio');
  mkdirSync(join(dir, 'Empty'));
  writeFileSync(join(dir, 'Empty', 'notes.txt'), 'no music here');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an EP or album', () => {
  it('lists its whole folder: titles from the tags, in track order, with durations', async () => {
    expect(await libraryTracks({ title: 'Cocktail Nº1', kind: 'EP', playlist: 'Cocktail Nº1' }, dir)).toEqual([
      { title: 'Primeiro Gole', duration: '0:02' },
      { title: 'Gelo e Brasa', duration: '0:02' },
      { title: 'Madrugada', duration: '0:02' },
    ]);
  });

  it('lists nothing for a missing folder or a folder without audio', async () => {
    expect(await libraryTracks({ title: 'Gone', kind: 'Album', playlist: 'No Such Folder' }, dir)).toBeUndefined();
    expect(await libraryTracks({ title: 'Empty', kind: 'EP', playlist: 'Empty' }, dir)).toBeUndefined();
    expect(await libraryTracks({ title: 'X', kind: 'EP', playlist: 'X' }, join(dir, 'missing'))).toBeUndefined();
  });
});

describe('a single in the shared Singles folder', () => {
  it('lists only its own track, found by title whatever the case', async () => {
    expect(await libraryTracks({ title: 'Suburban Ride', kind: 'Single', playlist: 'Singles' }, dir)).toEqual([
      { title: 'SUBURBAN RIDE', duration: '0:03' },
    ]);
  });

  it('finds an untagged file by its file name, accents aside', async () => {
    expect(await libraryTracks({ title: 'Cancao sem tag', kind: 'Single', playlist: 'Singles' }, dir)).toEqual([
      { title: 'Canção Sem Tag', duration: '0:01' },
    ]);
  });

  it('lists nothing when the folder has no track of that title', async () => {
    expect(await libraryTracks({ title: 'Sometimes Rock', kind: 'Single', playlist: 'Singles' }, dir)).toBeUndefined();
  });
});

describe('reading a folder', () => {
  it('leaves out unreadable files and files that are not audio', async () => {
    const files = (await readPlaylistFolder(dir, 'Singles')).map((track) => track.file).sort();
    expect(files).toEqual([
      '01-Estranho.wav',
      '02-Ponto de Ônibus.wav',
      '03-Quintal.wav',
      '04-Suburban Ride.wav',
      'Canção Sem Tag.wav',
    ]);
  });
});

describe('tracksOfRelease', () => {
  const folder = [
    { file: 'b.wav', title: '02-B', trackNumber: 2, duration: 61.9 },
    { file: 'a.wav', title: 'A', trackNumber: 1, duration: 225 },
  ];

  it('orders by track number, strips the number prefix and writes M:SS', () => {
    expect(tracksOfRelease({ title: 'EP', kind: 'EP' }, folder)).toEqual([
      { title: 'A', duration: '3:45' },
      { title: 'B', duration: '1:01' },
    ]);
  });

  it('follows the artist’s order from the studio first, then the track numbers', () => {
    const three = [...folder, { file: 'c.wav', title: 'C', trackNumber: 3, duration: 10 }];
    expect(
      tracksOfRelease({ title: 'EP', kind: 'EP' }, three, ['c.wav', 'gone.wav', 'b.wav']).map((t) => t.title),
    ).toEqual(['C', 'B', 'A']);
  });

  it('keeps only the matching track for a single', () => {
    expect(tracksOfRelease({ title: 'b', kind: 'Single' }, folder)).toEqual([{ title: 'B', duration: '1:01' }]);
    expect(tracksOfRelease({ title: 'C', kind: 'Single' }, folder)).toEqual([]);
  });
});

describe('the media folder', () => {
  it('is MEDIA_DIR, else media/ as the server reads it', () => {
    expect(mediaDirFromEnv({ MEDIA_DIR: '/srv/music' })).toBe('/srv/music');
    expect(mediaDirFromEnv({})).toBe(resolve('media'));
  });
});
