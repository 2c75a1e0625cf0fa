/**
 * Renders the site's own brand images from the SVG sources in scripts/brand/ into public/:
 * the logo and favicon as SVG, the favicon as ICO too (for whoever asks /favicon.ico), the
 * Apple touch icon and the social card as PNG; a
 * stand-in cover for every release in content/releases/ into src/assets/covers/, which the
 * build uses until the artist gives the release a `cover` of his own; and the logo at a
 * cover's size, for a release added since the last run. Run it after changing a
 * source or adding a release (`npm run brand`); the outputs are committed, being small.
 */
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { DRAWN_COVERS_FOLDER, LOGO_COVER } from '../src/lib/cover-stand-ins.ts';
import { COVER_SIZE, coverSvg } from './brand/cover.ts';
import { icoFile } from './brand/ico.ts';

const source = (name: string) => new URL(`./brand/${name}`, import.meta.url);
const target = (name: string) => new URL(`../public/${name}`, import.meta.url);
const releases = new URL('../content/releases/', import.meta.url);
const covers = new URL(`../${DRAWN_COVERS_FOLDER}`, import.meta.url);

await copyFile(source('logo.svg'), target('logo.svg'));
await copyFile(source('favicon.svg'), target('favicon.svg'));
await sharp(source('favicon.svg').pathname, { density: 600 })
  .resize(180, 180)
  .png({ compressionLevel: 9, palette: true })
  .toFile(target('apple-touch-icon.png').pathname);
/** The favicon's sizes: a tab's at 1× and 2×, and Windows' 48 px. */
const ICO_SIZES = [16, 32, 48];
const icoImages = await Promise.all(
  ICO_SIZES.map(async (size) => ({
    size,
    png: await sharp(source('favicon.svg').pathname, { density: 600 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer(),
  })),
);
await writeFile(target('favicon.ico'), icoFile(icoImages));
await sharp(source('og-image.svg').pathname)
  .png({ compressionLevel: 9, palette: true })
  .toFile(target('og-image.png').pathname);

// The logo's circle on the site's ground, for a release with neither a cover nor a stand-in yet.
await sharp(source('logo.svg').pathname, { density: 600 })
  .resize(COVER_SIZE, COVER_SIZE)
  .flatten({ background: '#0b0b0d' })
  .png({ compressionLevel: 9, palette: true })
  .toFile(new URL(`../${LOGO_COVER}`, import.meta.url).pathname);

const files = (await readdir(releases)).filter((name) => name.endsWith('.json')).sort();
for (const [index, name] of files.entries()) {
  const release = JSON.parse(await readFile(new URL(name, releases), 'utf8')) as {
    title: string;
    kind: string;
    released: string;
  };
  const svg = coverSvg({ title: release.title, kind: release.kind, year: release.released.slice(0, 4), index });
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(name.replace(/\.json$/, '.png'), covers).pathname);
}
console.log(`brand images written to public/, ${files.length} release covers to ${DRAWN_COVERS_FOLDER}`);
