/**
 * The demo music set: a few short tracks per playlist, synthesised here and tagged like real
 * releases (title, artist, album, track number, cover art), so a fresh clone exercises the
 * whole path from file to player. Real audio never goes into git.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { encodeId3 } from './id3.ts';
import { demoMelody, renderNotes } from './synth.ts';
import { encodeWav } from './wav.ts';

export const DEMO_ARTIST = 'Same Bloods Cocktail (demo)';

/**
 * Playlists and their demo track titles; the colours tint each playlist's cover. Each is
 * mastered at its own level (`driveDb` into a soft limiter), as releases are, so loudness
 * matching has something to do: from dense and loud to an album left with its peaks.
 */
export const DEMO_PLAYLISTS: readonly { name: string; colour: string; driveDb: number; titles: readonly string[] }[] = [
  { name: 'Bloods Cocktail', colour: '#e0283f', driveDb: 6, titles: ['Boas-vindas', 'Mesmo Sangue', 'Última Dose'] },
  { name: 'Cocktail Nº1', colour: '#c2185b', driveDb: 3, titles: ['Primeiro Gole', 'Gelo e Brasa', 'Madrugada'] },
  { name: 'Cocktail Nº2', colour: '#7b1fa2', driveDb: 9, titles: ['Segunda Rodada', 'Subúrbio', 'Teclas ao Vento'] },
  { name: 'Singles', colour: '#1565c0', driveDb: 6, titles: ['Estranho', 'Ponto de Ônibus', 'Quintal'] },
  { name: 'TTMM', colour: '#2e7d32', driveDb: 0, titles: ['O Chamado', 'A Travessia', 'O Retorno'] },
];

/**
 * Raised into a soft limiter (tanh), as a mastering engineer would: with 6 dB of drive a demo
 * track is about as dense as released music (−13 LUFS, peaks at −0.3 dBTP), so loudness
 * matching can bring it to −14 LUFS without its peaks passing −1 dBTP.
 */
function softLimit(samples: Float32Array, driveDb: number): Float32Array {
  const drive = 10 ** (driveDb / 20);
  return samples.map((sample) => Math.tanh(sample * drive));
}

async function cover(name: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#0b0b0d"/><rect y="176" width="256" height="80" fill="#f2f0ea"/>
    <rect y="168" width="256" height="10" fill="${colour}"/>
    <g fill="#0b0b0d">${[28, 64, 136, 172, 208].map((x) => `<rect x="${x}" y="178" width="20" height="46"/>`).join('')}</g>
    <circle cx="128" cy="84" r="52" fill="none" stroke="${colour}" stroke-width="10"/>
    <title>${name}</title></svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toBuffer();
}

/** Writes the demo set into `mediaDir`, one folder per playlist; returns the files written. */
export async function generateDemoMedia(mediaDir: string, secondsPerTrack = 8): Promise<string[]> {
  const written: string[] = [];
  let seed = 1;
  for (const playlist of DEMO_PLAYLISTS) {
    const folder = join(mediaDir, playlist.name);
    await mkdir(folder, { recursive: true });
    const picture = await cover(playlist.name, playlist.colour);
    for (const [index, title] of playlist.titles.entries()) {
      const track = index + 1;
      const samples = softLimit(renderNotes(demoMelody(seed), 120, secondsPerTrack), playlist.driveDb);
      seed += 1;
      const tag = encodeId3({
        title,
        artist: DEMO_ARTIST,
        album: playlist.name,
        track,
        cover: { mimeType: 'image/png', data: picture },
      });
      const file = join(folder, `${String(track).padStart(2, '0')}-${title}.wav`);
      await writeFile(file, encodeWav(samples, tag));
      written.push(file);
    }
  }
  return written;
}
