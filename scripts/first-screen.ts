/**
 * `npm run first-screen`: where each page's first screen ends in its HTML on a 390x844 phone,
 * and how many compressed bytes the HTML up to there takes (perf/bench/first-screen.ts),
 * beside the whole page's. Pages are served from dist/ by a plain static host and opened in
 * Chromium with JavaScript off: the first paint is the HTML's own.
 *
 * Usage: npm run first-screen [-- /pt /en/music/cocktail-n1 …]   (default: the homes and a release)
 */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startStaticHost } from '../perf/harness/static-host.ts';
import { pageFile } from '../perf/bench/first-load.ts';
import {
  compressedSizes,
  FIRST_SCREEN_VIEWPORT,
  firstScreenEnd,
  HOME_FIRST_SCREEN_MARKER,
} from '../perf/bench/first-screen.ts';
import { CHROME_PATH, PLAYWRIGHT_FLAGS } from './chromium.ts';

const DIST_DIR = 'dist';
const DEFAULT_PAGES = ['/pt', '/en', '/es', '/pt/music/cocktail-n1'];
const pages = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_PAGES;

const sizes = ({ raw, gzip, brotli }: { raw: number; gzip: number; brotli: number }) =>
  `${String(raw)} B, gzip ${String(gzip)} B, brotli ${String(brotli)} B`;

const host = await startStaticHost(DIST_DIR);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_FLAGS });
try {
  const context = await browser.newContext({ viewport: FIRST_SCREEN_VIEWPORT, javaScriptEnabled: false });
  // Outside hosts are unreachable here (the pages ask none for anything before a video is opened).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  for (const path of pages) {
    const html = await readFile(pageFile(DIST_DIR, path), 'utf8');
    await page.goto(`${host.url}${path}`, { waitUntil: 'load' });
    const end = await firstScreenEnd(page, html);
    const marker = html.indexOf(HOME_FIRST_SCREEN_MARKER);
    console.log(`${path}: the whole HTML ${sizes(compressedSizes(html))}`);
    console.log(`  first screen ends after a <${end.element}>: ${sizes(compressedSizes(html.slice(0, end.index)))}`);
    if (marker !== -1) {
      const note = marker < end.index ? ' (BEFORE the first screen ends: move the marker)' : '';
      console.log(`  up to the budget's marker: ${sizes(compressedSizes(html.slice(0, marker)))}${note}`);
    }
  }
} finally {
  await browser.close();
  await host.close();
}
