import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ARTIST } from '../../../scripts/demo-media/generate.ts';
import { renderNotes } from '../../../scripts/demo-media/synth.ts';
import { encodeWav } from '../../../scripts/demo-media/wav.ts';
import { openMediaLibrary, type MediaLibrary } from '../../../server/services/media/media-library.ts';
import { ORDER_FILE } from '../../../src/lib/playlist-order.ts';
import { createMediaFolder, recordingLogger } from './media-fixture.ts';

let dir: string;
let cleanup: () => void;
let library: MediaLibrary | undefined;

beforeEach(async () => {
  ({ dir, cleanup } = await createMediaFolder());
});
afterEach(() => {
  library?.close();
  cleanup();
});

const untagged = () => encodeWav(renderNotes([{ pitch: 60, beat: 0, beats: 1 }], 120, 0.5));

describe('the media library', () => {
  it('indexes every playlist folder with tags read from the files', async () => {
    library = await openMediaLibrary({ dir, log: recordingLogger(), watch: false });
    expect(library.playlists()).toEqual([
      { name: 'Bloods Cocktail', trackCount: 3 },
      { name: 'Cocktail Nº1', trackCount: 3 },
      { name: 'Cocktail Nº2', trackCount: 3 },
      { name: 'Singles', trackCount: 3 },
      { name: 'TTMM', trackCount: 3 },
    ]);
    const [first] = library.tracks('Cocktail Nº1');
    expect(first).toMatchObject({
      playlist: 'Cocktail Nº1',
      file: '01-Primeiro Gole.wav',
      title: 'Primeiro Gole',
      artist: DEMO_ARTIST,
      album: 'Cocktail Nº1',
      trackNumber: 1,
      hasCover: true,
      mimeType: 'audio/wav',
    });
    expect(first?.duration).toBeCloseTo(1, 1);
  });

  it('falls back to the file name for title and order, and sorts by number then file name', async () => {
    const folder = join(dir, 'Singles');
    writeFileSync(join(folder, '10-Late Song.wav'), untagged());
    writeFileSync(join(folder, '02-Untagged Song.wav'), untagged());
    writeFileSync(join(folder, 'No Number.wav'), untagged());
    library = await openMediaLibrary({ dir, log: recordingLogger(), watch: false });
    const tracks = library.tracks('Singles').map((track) => [track.trackNumber, track.title]);
    expect(tracks).toEqual([
      [1, 'Estranho'],
      [2, 'Ponto de Ônibus'],
      [2, '02-Untagged Song'],
      [3, 'Quintal'],
      [10, '10-Late Song'],
      [null, 'No Number'],
    ]);
  });

  it('skips and logs a broken file, ignores other files, and never crashes', async () => {
    const folder = join(dir, 'TTMM');
    writeFileSync(join(folder, '04-Broken.mp3'), Buffer.from('this is not audio at all'));
    writeFileSync(join(folder, '05-Truncated.flac'), Buffer.from('fLaC\0\0'));
    writeFileSync(join(folder, 'notes.txt'), 'not music');
    writeFileSync(join(folder, '.hidden.wav'), untagged());
    const log = recordingLogger();
    library = await openMediaLibrary({ dir, log, watch: false });
    expect(library.tracks('TTMM').map((track) => track.file)).toEqual([
      '01-O Chamado.wav',
      '02-A Travessia.wav',
      '03-O Retorno.wav',
    ]);
    expect(log.warnings.map((warning) => (warning.object as { file: string }).file).sort()).toEqual([
      '04-Broken.mp3',
      '05-Truncated.flac',
    ]);
  });

  it('follows the artist’s order (order.json) first, then the usual order, and picks up its change', async () => {
    library = await openMediaLibrary({ dir, log: recordingLogger(), watch: true, debounceMs: 20 });
    const files = () => library?.tracks('Cocktail Nº1').map((track) => track.file);
    const usual = files() ?? [];
    expect(usual).toHaveLength(3);
    writeFileSync(join(dir, 'Cocktail Nº1', ORDER_FILE), JSON.stringify([usual[2], 'not-there.wav', usual[0]]));
    await expect.poll(files).toEqual([usual[2], usual[0], usual[1]]);
    writeFileSync(join(dir, 'Cocktail Nº1', ORDER_FILE), 'not json');
    await expect.poll(files).toEqual(usual);
  });

  it('treats the playlist name as a key, never a path', async () => {
    library = await openMediaLibrary({ dir, log: recordingLogger(), watch: false });
    for (const name of ['..', '../', '../..', '.', '/etc', 'Singles/..', 'Singles/../TTMM', '%2e%2e', '']) {
      expect(library.tracks(name), name).toEqual([]);
    }
    expect(library.track('Singles', '../TTMM/01-O Chamado.wav')).toBeUndefined();
    expect(library.track('..', 'package.json')).toBeUndefined();
  });

  it('has a version that changes with the index, and only with it', { timeout: 20_000 }, async () => {
    library = await openMediaLibrary({ dir, log: recordingLogger(), watch: false });
    const first = library.version();
    expect(first).toMatch(/^[\w-]{16}$/);
    await library.rescan();
    expect(library.version()).toBe(first);
    writeFileSync(join(dir, 'Singles', '04-Brand New.wav'), untagged());
    await library.rescan();
    const added = library.version();
    expect(added).not.toBe(first);
    mkdirSync(join(dir, 'Empty'));
    await library.rescan();
    expect(library.version()).not.toBe(added);
  });

  it('picks up added, changed and removed files without a restart', { timeout: 20_000 }, async () => {
    library = await openMediaLibrary({ dir, log: recordingLogger(), watch: true, debounceMs: 50 });
    const opened = library;
    const folder = join(dir, 'Singles');

    writeFileSync(join(folder, '04-Brand New.wav'), untagged());
    await expect.poll(() => opened.tracks('Singles').map((track) => track.title)).toContain('04-Brand New');

    const before = opened.track('Singles', '01-Estranho.wav')?.version;
    copyFileSync(join(dir, 'TTMM', '01-O Chamado.wav'), join(folder, '01-Estranho.wav'));
    await expect.poll(() => opened.track('Singles', '01-Estranho.wav')?.title).toBe('O Chamado');
    expect(opened.track('Singles', '01-Estranho.wav')?.version).not.toBe(before);

    rmSync(join(folder, '02-Ponto de Ônibus.wav'));
    renameSync(join(folder, '03-Quintal.wav'), join(folder, '03-Quintal renamed.wav'));
    await expect
      .poll(() => opened.tracks('Singles').map((track) => track.file))
      .toEqual(['01-Estranho.wav', '03-Quintal renamed.wav', '04-Brand New.wav']);

    mkdirSync(join(dir, 'New Playlist'));
    writeFileSync(join(dir, 'New Playlist', '01-One.wav'), untagged());
    await expect.poll(() => opened.tracks('New Playlist').length).toBe(1);
  });
});

describe('the demo set', () => {
  it('is tagged like a real release', async () => {
    const { common, format } = await parseFile(join(dir, 'TTMM', '02-A Travessia.wav'));
    expect(common).toMatchObject({ title: 'A Travessia', artist: DEMO_ARTIST, album: 'TTMM' });
    expect(common.track.no).toBe(2);
    expect(common.picture?.[0]?.format).toBe('image/png');
    expect(format.sampleRate).toBe(22_050);
  });
});
