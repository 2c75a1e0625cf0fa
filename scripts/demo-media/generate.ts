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

/** Playlists and their demo track titles; the colours tint each playlist's cover. */
export const DEMO_PLAYLISTS: readonly { name: string; colour: string; titles: readonly string[] }[] = [
  { name: 'Bloods Cocktail', colour: '#e0283f', titles: ['Boas-vindas', 'Mesmo Sangue', 'Última Dose'] },
  { name: 'Cocktail Nº1', colour: '#c2185b', titles: ['Primeiro Gole', 'Gelo e Brasa', 'Madrugada'] },
  { name: 'Cocktail Nº2', colour: '#7b1fa2', titles: ['Segunda Rodada', 'Subúrbio', 'Teclas ao Vento'] },
  { name: 'Singles', colour: '#1565c0', titles: ['Estranho', 'Ponto de Ônibus', 'Quintal'] },
  { name: 'TTMM', colour: '#2e7d32', titles: ['O Chamado', 'A Travessia', 'O Retorno'] },
];

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
      const samples = renderNotes(demoMelody(seed), 120, secondsPerTrack);
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
