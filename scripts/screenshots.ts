/**
 * `npm run screenshots`: a PNG of every page at phone, tablet and desktop widths, and of the
 * hero's key dialog (phone) or key panel (wider), the video dialog and the poem dialog open,
 * written to screenshots/ (ignored by git), so a reviewer can look at the site without
 * starting it. Each shot's layout is measured too (scripts/layout.ts): a page that
 * scrolls sideways or a control off screen is reported, and the exit code is then 1.
 *
 * It builds when there is no build, starts the real server on a free port with the generated
 * demo music, and drives Chromium with every request to another host blocked: the run needs
 * no network and always shows the same thing. The video thumbnails are the site's own; the
 * video player's embed is answered by a plain stand-in, so the dialog keeps its real size.
 *
 * Options:
 *   --build          build first even when dist/ exists
 *   --widths=W,W,…   other widths than phone (390), tablet (768) and desktop (1440)
 *   --readme         also write the README's four images to docs/screenshots/ (WebP)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { HOME_PATHS, LANDING_PATHS, RELEASE_PATHS, measureLayout, MOBILE_MAX_WIDTH, viewportAt } from './layout.ts';
import { startBenchServer } from '../perf/harness/server.ts';
import { CHROME_PATH, OFFLINE_FLAGS } from './chromium.ts';

const DIST_DIR = 'dist';
const OUT_DIR = 'screenshots';
const README_DIR = 'docs/screenshots';
const DEFAULT_WIDTHS = [390, 768, 1440];
interface ReadmeShot {
  file: string;
  path: string;
  width: number;
  scale: number;
  /** A hero key to point at before the shot, so that its panel shows a release's cover. */
  hoverKey?: string;
}
/**
 * The README's images: what a visitor sees first on a phone, a release's page and the
 * streaming landing page on a phone, and the home page on a desktop with a key's panel open.
 */
const README_SHOTS: ReadmeShot[] = [
  // Phones at twice the pixels, as their screens show them; the desktop at its own size.
  { file: 'home-phone.webp', path: '/pt', width: 390, scale: 2 },
  { file: 'release-phone.webp', path: '/pt/music/cocktail-n1', width: 390, scale: 2 },
  { file: 'landing-phone.webp', path: '/pt/samebloodscocktail', width: 390, scale: 2 },
  { file: 'home-desktop.webp', path: '/pt', width: 1440, scale: 1, hoverKey: 'ep1' },
];
/** GitHub shows README images at most about 900 px wide; the budget is per image. */
const README_MAX_BYTES = 150 * 1024;
/** What the video embeds show instead of the video service's page. */
const STAND_IN_EMBED =
  '<!doctype html><body style="margin:0;background:#000;color:#777;font:16px system-ui;display:grid;place-items:center;height:100vh">video</body>';

const { values: flags } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    widths: { type: 'string' },
    readme: { type: 'boolean', default: false },
  },
});
const widths = flags.widths ? flags.widths.split(',').map(Number) : DEFAULT_WIDTHS;
if (widths.some((width) => !Number.isInteger(width) || width < 320)) {
  console.error(`--widths takes whole widths of 320 px or more, separated by commas: ${String(flags.widths)}`);
  process.exit(2);
}

if (flags.build || !existsSync(join(DIST_DIR, 'pt.html'))) {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

/** `/pt` → `pt-home`, `/en/spotify` → `en-spotify`, `/samebloodscocktail` → `samebloodscocktail`. */
function slug(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length === 1 && (HOME_PATHS as readonly string[]).includes(path) ? `${parts[0]}-home` : parts.join('-');
}

let defects = 0;
/** Measures the layout as it is now and writes the screenshot; prints one line per shot. */
async function shoot(page: Page, name: string, fullPage: boolean): Promise<void> {
  const report = await measureLayout(page);
  const file = join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
  if (report.problems.length === 0) {
    console.log(`${file}  ${report.clientWidth} px wide, every control on screen`);
    return;
  }
  defects += report.problems.length;
  console.log(`${file}  LAYOUT DEFECTS:\n  ${report.problems.join('\n  ')}`);
}

/** Opens the page at this width and waits until every island has hydrated (some only once seen). */
async function open(page: Page, path: string, width: number): Promise<void> {
  await page.setViewportSize(viewportAt(width));
  await page.mouse.move(0, 0);
  await page.goto(`${server.url}${path}`);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo({ top: y, behavior: 'instant' });
      await frame();
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await page.evaluate(async () => {
    scrollTo({ top: 0, left: 0, behavior: 'instant' });
    await document.fonts.ready;
  });
}

/** Opens a dialog (or panel) with `action`, shoots the screen, and closes it again. */
async function shootOpen(page: Page, name: string, action: () => Promise<void>, opened: string): Promise<void> {
  await action();
  await page.locator(opened).first().waitFor();
  await shoot(page, name, false);
  // Escape closes a dialog; a panel opened by hovering closes when the pointer leaves.
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await page.locator(opened).first().waitFor({ state: 'detached' });
}

async function shootHome(page: Page, path: string, width: number): Promise<void> {
  const name = `${slug(path)}-${String(width)}`;
  await open(page, path, width);
  await shoot(page, name, true);
  const introKey = page.locator('.key-intro .key');
  if (width <= MOBILE_MAX_WIDTH) {
    await shootOpen(page, `${name}-key-dialog`, () => introKey.click(), 'dialog[open]');
  } else {
    await shootOpen(page, `${name}-key-panel`, () => introKey.hover(), '.key-panel:not([hidden])');
  }
  for (const [kind, card] of [
    ['video', '.carousel-card:not(.poem-card)'],
    ['poem', '.poem-card'],
  ] as const) {
    await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
    await shootOpen(page, `${name}-${kind}-dialog`, () => page.locator(card).first().click(), 'dialog[open]');
  }
}

/** Points at a hero key and waits until its panel shows, with its cover drawn. */
async function showKeyPanel(page: Page, keyId: string): Promise<void> {
  await page.locator(`.key-${keyId} .key`).hover();
  const cover = page.locator(`.key-${keyId} .key-panel:not([hidden]) img.key-panel-cover`);
  await cover.waitFor();
  await cover.evaluate((img: HTMLImageElement) => img.decode());
}

async function writeReadmeImages(): Promise<void> {
  await mkdir(README_DIR, { recursive: true });
  for (const shot of README_SHOTS) {
    const context = await newContext(shot.scale);
    const page = await context.newPage();
    await open(page, shot.path, shot.width);
    if (shot.hoverKey) await showKeyPanel(page, shot.hoverKey);
    const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const file = join(README_DIR, shot.file);
    await sharp(png).webp({ quality: 80, effort: 6 }).toFile(file);
    const { size } = await stat(file);
    const verdict = size <= README_MAX_BYTES ? '' : `  OVER THE ${String(README_MAX_BYTES / 1024)} KB BUDGET`;
    if (verdict) defects += 1;
    console.log(`${file}  ${(size / 1024).toFixed(1)} KB${verdict}`);
    await context.close();
  }
}

/**
 * A browser context that never reaches another host: the video player's embed (a document)
 * gets a stand-in, anything else from outside is refused.
 */
async function newContext(deviceScaleFactor: number): Promise<BrowserContext> {
  // Reduced motion: no fades or smooth scrolls half done in a picture.
  const context = await browser.newContext({ reducedMotion: 'reduce', deviceScaleFactor });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, async (route) => {
    const request = route.request();
    if (request.resourceType() === 'document') {
      await route.fulfill({ contentType: 'text/html', body: STAND_IN_EMBED });
    } else {
      await route.abort('blockedbyclient');
    }
  });
  return context;
}

const server = await startBenchServer(DIST_DIR);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: OFFLINE_FLAGS });
try {
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  const context = await newContext(1);
  const page = await context.newPage();
  for (const width of widths) {
    for (const path of HOME_PATHS) await shootHome(page, path, width);
    for (const path of [...LANDING_PATHS, ...RELEASE_PATHS]) {
      await open(page, path, width);
      await shoot(page, `${slug(path)}-${String(width)}`, true);
    }
  }
  await context.close();
  if (flags.readme) await writeReadmeImages();
} finally {
  await browser.close();
  await server.stop();
}

if (defects > 0) {
  console.error(`\n${String(defects)} defect(s): see above.`);
  process.exitCode = 1;
} else {
  console.log(`\nScreenshots in ${OUT_DIR}/, no layout defect.`);
}
