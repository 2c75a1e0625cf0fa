/**
 * `npm run screenshots`: a PNG of every page, and of the key, video and poem dialogs open, at
 * phone, tablet and desktop widths in screenshots/, so a reviewer can look at the site without
 * starting it. Each shot's layout is checked too (scripts/layout.ts): a page that scrolls
 * sideways or a control off screen makes the exit code 1. It needs no network.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import {
  endRun,
  FAN_PATHS,
  HOME_PATHS,
  LANDING_PATHS,
  RELEASE_PATHS,
  inspectLayout,
  MOBILE_MAX_WIDTH,
  viewportAt,
  type LayoutReport,
} from './layout.ts';
import { ENGINES, launchEngine, type EngineName, type EnginePage } from '../perf/harness/browsers/index.ts';
import { startBenchServer } from '../perf/harness/server.ts';
import { CHROME_PATH, PLAYWRIGHT_FLAGS } from './chromium.ts';

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
    // Build first even when dist/ exists.
    build: { type: 'boolean', default: false },
    // W,W,…: other widths than phone (390), tablet (768) and desktop (1440).
    widths: { type: 'string' },
    // Also write the README's four images to docs/screenshots/ (WebP), in Chromium.
    readme: { type: 'boolean', default: false },
    // chromium, firefox, webkit or all: Firefox's and WebKit's shots go to screenshots/<engine>/.
    engine: { type: 'string', default: 'chromium' },
    // P,P,…: only these pages (e.g. /pt,/pt/music/cocktail-n1).
    paths: { type: 'string' },
  },
});
const ALL_ENGINES = ['chromium', ...ENGINES] as const;
type ShotEngine = (typeof ALL_ENGINES)[number];
const engines: readonly ShotEngine[] =
  flags.engine === 'all' ? ALL_ENGINES : ALL_ENGINES.filter((engine) => engine === flags.engine);
if (engines.length === 0) {
  console.error(`--engine takes ${ALL_ENGINES.join(', ')} or all: ${flags.engine}`);
  process.exit(2);
}
const widths = flags.widths ? flags.widths.split(',').map(Number) : DEFAULT_WIDTHS;
if (widths.some((width) => !Number.isInteger(width) || width < 320)) {
  console.error(`--widths takes whole widths of 320 px or more, separated by commas: ${String(flags.widths)}`);
  process.exit(2);
}

const onlyPaths = flags.paths?.split(',');
const wanted = (path: string): boolean => !onlyPaths || onlyPaths.includes(path);

if (flags.build || !existsSync(join(DIST_DIR, 'pt.html'))) {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

/**
 * The track pages the build made (one per track of a release, when it had music): each
 * release's first track in Portuguese, as one picture stands for the others.
 */
function trackPaths(): string[] {
  const music = join(DIST_DIR, 'pt', 'music');
  return RELEASE_PATHS.filter((path) => path.startsWith('/pt/')).flatMap((path) => {
    const folder = join(music, path.split('/').pop() ?? '');
    const [first] = existsSync(folder)
      ? readdirSync(folder)
          .filter((file) => file.endsWith('.html'))
          .sort()
      : [];
    return first ? [`${path}/${first.replace(/\.html$/, '')}`] : [];
  });
}

/** The fans' list's pages: in Portuguese, as their layout is one for all, unless --paths names others. */
function fanPaths(): string[] {
  return onlyPaths ? FAN_PATHS : FAN_PATHS.filter((path) => path.startsWith('/pt/'));
}

/** `/pt` → `pt-home`, `/en/spotify` → `en-spotify`, `/samebloodscocktail` → `samebloodscocktail`. */
function slug(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length === 1 && (HOME_PATHS as readonly string[]).includes(path) ? `${parts[0]}-home` : parts.join('-');
}

let defects = 0;

/**
 * What a shot asks of a browser tab, whichever engine drives it: Chromium through Playwright,
 * Firefox and WebKit through the end-to-end tests' drivers.
 */
interface Tab {
  /** The folder its pictures go to. */
  dir: string;
  /** Gives the page this viewport (Firefox and WebKit: a fresh page). */
  resize(width: number): Promise<void>;
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page, with one JSON argument at most (Playwright's limit). */
  evaluate<Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg?: Arg): Promise<Result>;
  click(selector: string): Promise<void>;
  hover(selector: string): Promise<void>;
  /** Moves the pointer to the viewport's top left corner, away from every panel. */
  pointAway(): Promise<void>;
  pressEscape(): Promise<void>;
  screenshot(file: string, fullPage: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Polls the page until `holds(arg)` is true in it. */
async function waitUntil(tab: Tab, holds: (arg: string) => boolean, arg: string, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await tab.evaluate(holds, arg))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const present = (selector: string) => document.querySelector(selector) !== null;
const absent = (selector: string) => document.querySelector(selector) === null;

/** Measures the layout as it is now and writes the screenshot; prints one line per shot. */
async function shoot(tab: Tab, name: string, fullPage: boolean): Promise<void> {
  const report: LayoutReport = await tab.evaluate(inspectLayout);
  const file = join(tab.dir, `${name}.png`);
  await tab.screenshot(file, fullPage);
  if (report.problems.length === 0) {
    console.log(`${file}  ${report.clientWidth} px wide, every control on screen`);
    return;
  }
  defects += report.problems.length;
  console.log(`${file}  LAYOUT DEFECTS:\n  ${report.problems.join('\n  ')}`);
}

/** Opens the page at this width and waits until every island has hydrated (some only once seen). */
async function open(tab: Tab, path: string, width: number): Promise<void> {
  await tab.resize(width);
  await tab.pointAway();
  await tab.goto(`${server.url}${path}`);
  await tab.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo({ top: y, behavior: 'instant' });
      await frame();
    }
  });
  await waitUntil(tab, absent, 'astro-island[ssr]', 'every island hydrating');
  await tab.evaluate(async () => {
    scrollTo({ top: 0, left: 0, behavior: 'instant' });
    await document.fonts.ready;
  });
}

/** Opens a dialog (or panel) with `action`, shoots the screen, and closes it again. */
async function shootOpen(tab: Tab, name: string, action: () => Promise<void>, opened: string): Promise<void> {
  await action();
  await waitUntil(tab, present, opened, `${opened} opening`);
  await settle(tab);
  await shoot(tab, name, false);
  // Escape closes a dialog; a panel opened by hovering closes when the pointer leaves.
  await tab.pressEscape();
  await tab.pointAway();
  await waitUntil(tab, absent, opened, `${opened} closing`);
}

/** Waits for the transitions under way (a dialog's fade) to end, so no picture is half faded. */
async function settle(tab: Tab): Promise<void> {
  await tab.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

async function shootHome(tab: Tab, path: string, width: number): Promise<void> {
  const name = `${slug(path)}-${String(width)}`;
  await open(tab, path, width);
  await shoot(tab, name, true);
  const introKey = '.key-intro .key';
  if (width <= MOBILE_MAX_WIDTH) {
    await shootOpen(tab, `${name}-key-dialog`, () => tab.click(introKey), 'dialog[open]');
  } else {
    await shootOpen(tab, `${name}-key-panel`, () => tab.hover(introKey), '.key-panel:not([hidden])');
  }
  for (const [kind, card] of [
    ['video', '.carousel-card:not(.poem-card)'],
    ['poem', '.poem-card'],
  ] as const) {
    await tab.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
    await shootOpen(tab, `${name}-${kind}-dialog`, () => tab.click(card), 'dialog[open]');
  }
}

/** Every page at every width, in one engine. */
async function shootAll(tab: Tab): Promise<void> {
  // Only this engine's pictures are replaced: Chromium's folder holds the other engines' folders.
  await mkdir(tab.dir, { recursive: true });
  for (const file of await readdir(tab.dir)) if (file.endsWith('.png')) await rm(join(tab.dir, file));
  try {
    for (const width of widths) {
      for (const path of HOME_PATHS.filter(wanted)) await shootHome(tab, path, width);
      for (const path of [...LANDING_PATHS, ...RELEASE_PATHS, ...trackPaths(), ...fanPaths()].filter(wanted)) {
        await open(tab, path, width);
        await shoot(tab, `${slug(path)}-${String(width)}`, true);
      }
    }
  } finally {
    await tab.close();
  }
}

/** A Chromium tab; its pictures keep their plain names in screenshots/. */
async function chromiumTab(deviceScaleFactor = 1): Promise<Tab & { page: Page }> {
  const context = await newContext(deviceScaleFactor);
  const page = await context.newPage();
  return {
    page,
    dir: OUT_DIR,
    resize: (width) => page.setViewportSize(viewportAt(width)),
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: (fn, arg) => page.evaluate(fn, arg as never),
    click: (selector) => page.locator(selector).first().click(),
    hover: (selector) => page.locator(selector).first().hover(),
    pointAway: () => page.mouse.move(0, 0),
    pressEscape: () => page.keyboard.press('Escape'),
    screenshot: async (file, fullPage) => {
      await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
    },
    close: () => context.close(),
  };
}

/**
 * A Firefox or WebKit tab. Their drivers cannot block other hosts: with no network the video
 * dialog's embed shows the engine's own error page instead of Chromium's stand-in.
 */
async function engineTab(name: EngineName): Promise<Tab> {
  const engine = await launchEngine(name);
  let page: EnginePage | undefined;
  const current = (): EnginePage => {
    if (!page) throw new Error('the tab has no page: resize it first');
    return page;
  };
  return {
    dir: join(OUT_DIR, name),
    async resize(width) {
      await page?.close();
      page = await engine.newPage(viewportAt(width));
    },
    goto: (url) => current().goto(url),
    evaluate: (fn, arg) => current().evaluate(fn, arg as never),
    click: (selector) => current().click(selector),
    hover: (selector) => current().hover(selector),
    pointAway: () => current().movePointer(0, 0),
    pressEscape: () => current().press('Escape'),
    screenshot: (file, fullPage) => current().screenshot(file, fullPage),
    async close() {
      await page?.close();
      await engine.close();
    },
  };
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
    const tab = await chromiumTab(shot.scale);
    await open(tab, shot.path, shot.width);
    if (shot.hoverKey) await showKeyPanel(tab.page, shot.hoverKey);
    const png = await tab.page.screenshot({ animations: 'disabled', caret: 'hide' });
    const file = join(README_DIR, shot.file);
    await sharp(png).webp({ quality: 80, effort: 6 }).toFile(file);
    const { size } = await stat(file);
    const verdict = size <= README_MAX_BYTES ? '' : `  OVER THE ${String(README_MAX_BYTES / 1024)} KB BUDGET`;
    if (verdict) defects += 1;
    console.log(`${file}  ${(size / 1024).toFixed(1)} KB${verdict}`);
    await tab.close();
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
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_FLAGS });
try {
  for (const engine of engines) await shootAll(engine === 'chromium' ? await chromiumTab() : await engineTab(engine));
  if (flags.readme) await writeReadmeImages();
} finally {
  await browser.close();
  await server.stop();
}

endRun(defects, `Screenshots in ${OUT_DIR}/, no layout defect.`);
