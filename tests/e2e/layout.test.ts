/**
 * No page scrolls sideways at any width from 320 px up, and every visible control
 * of the menu, hero, player, carousels, contact and sign-up forms (and of the landing, release
 * and fans' list pages) can be reached: it lies inside the viewport, or inside a strip that scrolls by design and lies
 * inside the viewport. The same with a hero key's dialog, the video dialog and the poem
 * dialog open. Each test opens its page once and resizes it through the widths.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import {
  HOME_PATHS,
  LANDING_PATHS,
  RELEASE_PATHS,
  LAYOUT_WIDTHS,
  measureLayout,
  MOBILE_MAX_WIDTH,
  viewportAt,
  type LayoutReport,
} from '../../scripts/layout.ts';
import { FAN_PAGES, fanPagePath } from '../../src/lib/fans.ts';
import { openPage, useBrowser } from './browser.ts';
import { carousel, hydrated, nextFrames, type Lang } from './home-helpers.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const PHONE_WIDTHS = LAYOUT_WIDTHS.filter((width) => width <= MOBILE_MAX_WIDTH);
const WIDER_WIDTHS = LAYOUT_WIDTHS.filter((width) => width > MOBILE_MAX_WIDTH);

/** The parts of each page whose controls must have been judged, so the guard never passes empty. */
const HOME_REGIONS = ['.site-menu', '.hero', '.player', '.carousel', '.contact-form', '.fan-signup'];
const LANDING_REGIONS = ['.landing-bar', '.landing-main', '.player', '.fan-signup'];
const RELEASE_REGIONS = ['.landing-bar', '.release-main', '.player', '.fan-signup'];
/** The fans' list's pages offer a button or a link, or (the expired link's) the sign-up form. */
const fanRegions = (path: string) => [
  '.landing-bar',
  path.endsWith(`/${FAN_PAGES.expired}`) ? '.fan-signup' : '.fan-main',
];

/** The current test's page (its context is closed by useBrowser when the test ends). */
let page: Page;

async function resize(width: number): Promise<void> {
  // The pointer rests over the menu: left over a key, a hover would open its panel (or, on a
  // phone, the dialog the panel becomes).
  await page.mouse.move(0, 0);
  await page.setViewportSize(viewportAt(width));
  // Media queries are evaluated, React re-renders what depends on them, and layout settles.
  await nextFrames(page);
}

/** Resizes the page to each width and measures it; one line per defect, `"320 px: ..."`. */
async function defectsAcross(
  widths: readonly number[],
  regions: string[],
  before?: (width: number) => Promise<void>,
): Promise<string[]> {
  const defects: string[] = [];
  for (const width of widths) {
    await resize(width);
    await before?.(width);
    const report: LayoutReport = await measureLayout(page);
    defects.push(...report.problems.map((problem) => `${width} px: ${problem}`));
    const missing = regions.filter((region) => !report.checked[region]);
    if (missing.length > 0) defects.push(`${width} px: no visible control in ${missing.join(', ')}`);
  }
  return defects;
}

/** Opens a page and waits for the islands holding these elements to hydrate; back at the top. */
async function openHydrated(path: string, islands: string[]): Promise<void> {
  // Reduced motion: dialogs open and close without their fade, which changes no layout.
  ({ page } = await openPage(browser(), { viewport: viewportAt(LAYOUT_WIDTHS[0]), reducedMotion: 'reduce' }));
  await page.goto(`${baseUrl}${path}`);
  for (const selector of islands) await hydrated(page.locator(selector).first());
  await page.evaluate(() => scrollTo({ top: 0, left: 0, behavior: 'instant' }));
}

describe.each(HOME_PATHS)('the home page %s', (path) => {
  const lang = path.slice(1) as Lang;

  beforeEach(async () => {
    await openHydrated(path, ['.keyboard .key', '.player-play', '.carousel-next', '.poem-card', '.contact-send']);
  });

  it('fits every width: nothing scrolls sideways, every control is on screen', async () => {
    expect(await defectsAcross(LAYOUT_WIDTHS, HOME_REGIONS)).toEqual([]);
  });

  it('fits every phone width with a hero key’s dialog open', async () => {
    // The videos key's dialog holds a link; the key may sit beyond the keyboard strip's edge.
    const key = page.locator('.key-videos .key');
    await resize(PHONE_WIDTHS[0] as number);
    await key.click();
    await page.locator('dialog[open]').waitFor();
    expect(await defectsAcross(PHONE_WIDTHS, ['dialog'])).toEqual([]);
  });

  it('fits every wider width with a hero key’s panel open', async () => {
    const key = page.locator('.key-videos .key');
    const defects = await defectsAcross(WIDER_WIDTHS, HOME_REGIONS, async () => {
      // A focus opens the panel wider than a phone; the key may still have it from before.
      await key.blur();
      await key.focus();
      await page.locator('.key-videos .key-panel:not([hidden])').waitFor();
    });
    expect(defects).toEqual([]);
  });

  it.each([
    ['video', 'videos'],
    ['poem', 'poems'],
  ] as const)('fits every width with the %s dialog open', async (_name, section) => {
    await resize(LAYOUT_WIDTHS[0]);
    await carousel(page, lang, section).locator('.carousel-card').first().click();
    await page.locator('dialog[open]').waitFor();
    expect(await defectsAcross(LAYOUT_WIDTHS, ['dialog'])).toEqual([]);
  });
});

describe.each(LANDING_PATHS)('the landing page %s', (path) => {
  beforeEach(async () => {
    await openHydrated(path, ['.player-play']);
  });

  it('fits every width: nothing scrolls sideways, every control is on screen', async () => {
    expect(await defectsAcross(LAYOUT_WIDTHS, LANDING_REGIONS)).toEqual([]);
  });
});

describe.each(RELEASE_PATHS)('the release page %s', (path) => {
  beforeEach(async () => {
    await openHydrated(path, ['.player-play', '.release-play']);
  });

  it('fits every width: nothing scrolls sideways, every control is on screen', async () => {
    expect(await defectsAcross(LAYOUT_WIDTHS, RELEASE_REGIONS)).toEqual([]);
  });
});

/**
 * The fans' list's pages are one template: its two kinds, a page with one button and the
 * expired link's page with the sign-up form, each in a language of its own.
 */
const FAN_SAMPLE = [fanPagePath('pt', 'confirm'), fanPagePath('es', 'leave'), fanPagePath('en', 'expired')];

describe.each(FAN_SAMPLE)('the page of the fans’ list %s', (path) => {
  beforeEach(async () => {
    ({ page } = await openPage(browser(), { viewport: viewportAt(LAYOUT_WIDTHS[0]) }));
    await page.goto(`${baseUrl}${path}`);
  });

  it('fits every width: nothing scrolls sideways, every control is on screen', async () => {
    expect(await defectsAcross(LAYOUT_WIDTHS, fanRegions(path))).toEqual([]);
  });
});
