/**
 * Renders the site's own brand images from the SVG sources in scripts/brand/ into public/:
 * the logo and favicon as SVG, the Apple touch icon and the social card as PNG. Run it after
 * changing a source (`npm run brand`); the outputs are committed, being small.
 */
import { copyFile } from 'node:fs/promises';
import sharp from 'sharp';

const source = (name: string) => new URL(`./brand/${name}`, import.meta.url);
const target = (name: string) => new URL(`../public/${name}`, import.meta.url);

await copyFile(source('logo.svg'), target('logo.svg'));
await copyFile(source('favicon.svg'), target('favicon.svg'));
await sharp(source('favicon.svg').pathname, { density: 600 })
  .resize(180, 180)
  .png({ compressionLevel: 9, palette: true })
  .toFile(target('apple-touch-icon.png').pathname);
await sharp(source('og-image.svg').pathname)
  .png({ compressionLevel: 9, palette: true })
  .toFile(target('og-image.png').pathname);
console.log('brand images written to public/');
