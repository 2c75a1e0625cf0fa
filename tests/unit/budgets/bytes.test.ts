/**
 * The byte budgets of ../shared/DESIGN.md, checked on the built site (`npm test` builds
 * first): a home page's first-load JavaScript under 100 KB gzipped, every page's first load
 * under 250 KB compressed, and no image shipped much larger than it is shown. The first load
 * is computed by the benchmark's own module, so the test and `npm run bench` count alike.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, KB } from '../../../perf/bench/budgets.ts';
import { bytes } from '../../../perf/bench/format.ts';
import { builtPages, firstLoadTotals, readFirstLoad, type FirstLoad } from '../../../perf/bench/first-load.ts';
import { builtSiteUrl, DIST_DIR, requireBuild } from './built-site.ts';
import { displayedWidths } from './displayed-images.ts';

const HOME_PAGES = ['/pt', '/en', '/es'];
/** A picture sent at twice the width it is shown is sharp on a 2× screen; more is waste. */
const MAX_WIDTH_RATIO = 2;
/** An SVG is drawn at any size; what matters is that it stays small. */
const MAX_SVG_BYTES = 20 * KB;
const RASTER = /\.(png|jpe?g|webp|avif|gif)$/i;

/** The heaviest files first, to say what to look at when a budget is missed. */
function heaviest(load: FirstLoad, kind?: string): string {
  return [load.document, ...load.assets]
    .filter((asset) => kind === undefined || asset.kind === kind)
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((asset) => `${asset.path} ${bytes(asset.gzip)}`)
    .join(', ');
}

async function shippedImages(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && (RASTER.test(entry.name) || entry.name.endsWith('.svg')))
    .map((entry) => `/${relative(distDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
}

describe('byte budgets of the build', () => {
  beforeAll(requireBuild);

  it.each(HOME_PAGES)('%s ships under 100 KB of first-load JavaScript, gzipped', async (page) => {
    const load = await readFirstLoad(DIST_DIR, page);
    const { javascript } = firstLoadTotals(load);
    expect(
      javascript.gzip,
      `${page}: ${bytes(javascript.gzip)} of JavaScript gzipped; heaviest: ${heaviest(load, 'script')}`,
    ).toBeLessThan(BUDGETS.javascriptGzip.limit);
  });

  it('every page loads under 250 KB first (HTML, CSS, JS, images; compressed)', async () => {
    const over: string[] = [];
    for (const { page } of await builtPages(DIST_DIR)) {
      const load = await readFirstLoad(DIST_DIR, page);
      const { total } = firstLoadTotals(load);
      if (total.gzip >= BUDGETS.firstLoadBytes.limit) over.push(`${page}: ${bytes(total.gzip)} (${heaviest(load)})`);
    }
    expect(over, `over ${bytes(BUDGETS.firstLoadBytes.limit)} gzipped`).toEqual([]);
  });

  it('ships no image wider than twice its largest displayed width, and no SVG over 20 KB', async () => {
    const widths = await displayedWidths(DIST_DIR, builtSiteUrl());
    const problems: string[] = [];
    for (const path of await shippedImages(DIST_DIR)) {
      const file = join(DIST_DIR, ...path.split('/'));
      if (path.endsWith('.svg')) {
        const size = (await stat(file)).size;
        if (size >= MAX_SVG_BYTES) problems.push(`${path}: ${bytes(size)} of SVG (at most ${bytes(MAX_SVG_BYTES)})`);
        continue;
      }
      const { width } = await sharp(file).metadata();
      const shown = widths.get(path);
      if (shown === undefined) {
        problems.push(`${path}: ${String(width)} px wide, shown nowhere (no <img width>, icon or social card uses it)`);
      } else if (width > MAX_WIDTH_RATIO * shown) {
        problems.push(`${path}: ${String(width)} px wide, shown at ${String(shown)} px at most`);
      }
    }
    expect(problems).toEqual([]);
  });
});
