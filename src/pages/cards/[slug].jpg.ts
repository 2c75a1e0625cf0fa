/**
 * A release's social card (`/cards/<slug>.jpg`, 1200x630, what Open Graph and Twitter ask
 * for): its cover, whole, beside its title on the site's dark ground. Drawn at build time;
 * `astro:assets` would only crop a square cover to that shape.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { imageFile } from '../../data/image-file.ts';
import { getReleases, getSite, type Release } from '../../data/site.ts';
import { titleText, wrapTitle } from '../../../scripts/brand/cover.ts';
import { xmlText } from '../../lib/xml-text.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export const getStaticPaths = (async () =>
  (await getReleases()).map((release) => ({
    params: { slug: release.slug },
    props: { release },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ release: Release }> = async ({ props: { release } }) => {
  const cover = await sharp(imageFile(release.cover, `content/releases/${release.slug}.json: cover`))
    .resize(CARD_HEIGHT, CARD_HEIGHT, { fit: 'cover' })
    .toBuffer();
  const { project } = await getSite();
  const lines = wrapTitle(release.title, 14);
  const text = titleText(lines, 690, 200, 52, 64);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">${text}
    <rect x="690" y="${200 + lines.length * 64 - 40}" width="140" height="6" fill="#e0283f"/>
    <text x="692" y="${200 + lines.length * 64 + 20}" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#b9b5ab">${xmlText(project)}</text></svg>`;
  const card = await sharp({
    create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: '#0b0b0d' },
  })
    .composite([
      { input: cover, left: 0, top: 0 },
      { input: Buffer.from(overlay), left: 0, top: 0 },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return new Response(new Uint8Array(card), { headers: { 'Content-Type': 'image/jpeg' } });
};
