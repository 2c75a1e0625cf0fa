/**
 * Where the built pages show each local image, and how wide: the `width` attribute of every
 * `<img>` (for each `src` and `srcset` candidate), the fixed sizes of the images that are
 * not shown in a page but used by a device or another site (the home-screen icon and the
 * social card), and the videos' thumbnails, which the carousel's island puts in a card.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { builtPages } from '../../../perf/bench/first-load.ts';
import { CARD_WIDTH } from '../../../src/lib/video-thumbnails.ts';

/** iOS draws the home-screen icon at 180 × 180 (unless the link says otherwise). */
const APPLE_TOUCH_ICON_WIDTH = 180;
/** Social networks show a large link card 1200 px wide (Facebook's and X's recommended size). */
const SOCIAL_CARD_WIDTH = 1200;

/** Displayed width in CSS pixels, by the image's URL path in dist/ (`/logo.svg`). */
export type DisplayedWidths = Map<string, number>;

const candidates = (srcset: string) =>
  srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url): url is string => Boolean(url));

/** `180x180` → 180; `any` or nothing → undefined. */
const widthFromSizes = (sizes: string | undefined) => {
  const match = /^(\d+)x\d+/i.exec(sizes?.trim() ?? '');
  return match?.[1] ? Number(match[1]) : undefined;
};

/**
 * The largest width each local image is displayed at, over every built page. `siteUrl` maps
 * the absolute URLs of social cards back to files of the build.
 */
export async function displayedWidths(distDir: string, siteUrl: string): Promise<DisplayedWidths> {
  const widths: DisplayedWidths = new Map();
  const origin = new URL(siteUrl).origin;
  const note = (url: string | undefined, width: number | undefined, page: string) => {
    if (!url || width === undefined || !Number.isFinite(width)) return;
    const resolved = new URL(url, `${origin}${page}`);
    if (resolved.origin !== origin) return;
    const path = decodeURIComponent(resolved.pathname);
    widths.set(path, Math.max(widths.get(path) ?? 0, width));
  };
  for (const { file, page } of await builtPages(distDir)) {
    /** The <source> candidates of the open <picture>: shown at its <img>'s width. */
    let sources: string[] = [];
    const parser = new Parser({
      onopentag(name, attributes) {
        const width = attributes['width'] === undefined ? undefined : Number(attributes['width']);
        if (name === 'source') sources.push(...candidates(attributes['srcset'] ?? ''));
        if (name === 'img') {
          note(attributes['src'], width, page);
          for (const url of [...candidates(attributes['srcset'] ?? ''), ...sources]) note(url, width, page);
          sources = [];
        }
        const rel = (attributes['rel'] ?? '').toLowerCase().split(/\s+/);
        if (name === 'link' && rel.includes('apple-touch-icon')) {
          note(attributes['href'], widthFromSizes(attributes['sizes']) ?? APPLE_TOUCH_ICON_WIDTH, page);
        }
        if (name === 'link' && rel.includes('icon'))
          note(attributes['href'], widthFromSizes(attributes['sizes']), page);
        const property = attributes['property'] ?? attributes['name'];
        if (name === 'meta' && (property === 'og:image' || property === 'twitter:image')) {
          note(attributes['content'], SOCIAL_CARD_WIDTH, page);
        }
      },
    });
    parser.write(await readFile(file, 'utf8'));
    parser.end();
  }
  // Not in any page's HTML: the island derives their URLs once it hydrates (src/pages/thumbs/).
  const thumbnails = await readdir(join(distDir, 'thumbs')).catch(() => []);
  for (const name of thumbnails) widths.set(`/thumbs/${name}`, CARD_WIDTH);
  return widths;
}
