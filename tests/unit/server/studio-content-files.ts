/**
 * The content the studio's content tests edit, written in place of the artist's: the tests name
 * these files and count them, and the artist adds, renames and deletes his own at will.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleReleaseJson } from '../content/sample-release.ts';

/** The poems' file names, as the folder lists them. */
export const FIXTURE_POEMS = ['mapa-de-volta.md', 'mesmo-sangue.md', 'teclas-da-madrugada.md'];

const poem = (title: string, date: string) =>
  `---\ntitle: '${title}'\ndate: '${date}'\n---\n\nUm verso de teste\noutro verso\n`;

/** Two EPs on the first two hero keys, one track file under the first. */
const RELEASES: Record<string, string> = {
  'cocktail-n1.json': sampleReleaseJson({
    title: 'Cocktail Nº1',
    kind: 'EP',
    playlist: 'Cocktail Nº1',
    heroKey: 'ep1',
  }),
  'cocktail-n2.json': sampleReleaseJson({
    title: 'Cocktail Nº2',
    kind: 'EP',
    playlist: 'Cocktail Nº2',
    heroKey: 'ep2',
  }),
  'cocktail-n1/primeiro-gole.json': JSON.stringify({
    release: 'cocktail-n1',
    track: 'Primeiro Gole',
    language: 'pt-BR',
  }),
};

/** The site's settings: one link per platform the tests edit. */
const SITE = {
  artist: 'Artista de Teste',
  project: 'Projeto de Teste',
  siteUrl: 'https://example.com',
  socials: [
    { icon: 'spotify', label: 'Spotify', href: 'https://open.spotify.com/artist/x' },
    { icon: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/x' },
  ],
  defaultPlaylist: 'Cocktail Nº1',
  seo: { image: '/og-image.png' },
};

const VIDEOS = {
  videos: [
    { id: 'AbCdEfGhIjK', title: 'Um vídeo' },
    { id: 'LmNoPqRsTuV', title: 'Outro vídeo' },
  ],
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Writes the tests' content into the folder `dir`, which must not exist yet. */
export function writeFixtureContent(dir: string): void {
  mkdirSync(join(dir, 'poems'), { recursive: true });
  mkdirSync(join(dir, 'thumbs'));
  writeFileSync(join(dir, 'README.md'), 'O conteúdo dos testes do estúdio.\n');
  writeFileSync(join(dir, 'site.json'), json(SITE));
  writeFileSync(join(dir, 'videos.json'), json(VIDEOS));
  mkdirSync(join(dir, 'releases', 'cocktail-n1'), { recursive: true });
  FIXTURE_POEMS.forEach((name, index) =>
    writeFileSync(join(dir, 'poems', name), poem(`Poema ${String(index + 1)}`, `0${String(index + 1)}/02/2024`)),
  );
  for (const [path, text] of Object.entries(RELEASES)) writeFileSync(join(dir, 'releases', path), text);
}
