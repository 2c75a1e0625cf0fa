/**
 * What a page fetches before its first paint (src/page-start/first-paint.ts): the islands' code waits
 * until the first contentful paint is on screen; and nothing is asked of another host until the
 * visitor opens a video. Each test opens its own page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, PHONE, useBrowser } from './browser.ts';
import { carousel, hydrated, t, VIDEOS, type Video } from './home-helpers.ts';
import { FIRST_PAINT_FALLBACK_MS } from '../../src/page-start/first-paint.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/**
 * The page's first contentful paint and the start of each script it fetched, and of each file
 * of islands' props (src/integrations/island-props.ts), in ms.
 */
async function scriptTimings(page: Page) {
  return page.evaluate(() => {
    const files = (pattern: RegExp) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => pattern.test(new URL(entry.name).pathname))
        .map((entry) => ({ file: new URL(entry.name).pathname.split('/').pop() ?? '', start: entry.startTime }));
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: files(/\.js$/),
      props: files(/^\/_astro\/props\.[\w-]+\.json$/),
    };
  });
}

/**
 * Scripts that must wait for the first paint: the islands, React among them, the router, the
 * layout's behaviours and the site's own counts with the web-vitals library they load.
 */
const LATE_SCRIPT = /^(?:client|Player|KeyboardHero|PlayRelease|router|behaviours|numbers-page|web-vitals)\./;
/**
 * The only script a page fetches before its first paint: the layout's own, which loads the rest
 * after it. (The language-less landing page adds the script that puts the visitor's language
 * in place, components/LandingLanguage.astro.)
 */
const LAYOUT_SCRIPT = /^BaseLayout\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/;

describe.each(['/pt', '/en/spotify', '/es/music/cocktail-n1'])('%s', (path) => {
  it('fetches only its own small script before its first paint, the islands and the router after', async () => {
    const { page } = await openPage(browser(), { viewport: PHONE });
    try {
      // The page stays transparent, so nothing contentful is painted, until the test shows it.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          // Null until the parser makes the <html> element (the types say otherwise).
          const root = document.documentElement as HTMLElement | null;
          if (!root) return;
          root.style.opacity = '0';
          observer.disconnect();
        }).observe(document, { childList: true });
      });
      await page.goto(`${baseUrl}${path}`);
      // Without the wait for a paint, the late scripts would be asked for at the first idle
      // moment after the load event, and fetched before the network goes quiet.
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
      await page.waitForLoadState('networkidle');
      const unseen = await scriptTimings(page);
      expect(unseen.firstPaint).toBeNaN();
      // On a busy machine the network can go quiet only after the page's fallback for a browser
      // that never reports its paint: what it loads then is not a load before the paint.
      const beforeFallback = unseen.scripts.filter((script) => script.start < FIRST_PAINT_FALLBACK_MS);
      expect(beforeFallback.filter((script) => LATE_SCRIPT.test(script.file))).toEqual([]);
      expect(beforeFallback.filter((script) => !LAYOUT_SCRIPT.test(script.file))).toEqual([]);
      // The islands' props are not in the page, and wait for the paint with the islands' code.
      const html = await (await page.request.get(`${baseUrl}${path}`)).text();
      expect(html).toContain(' data-props="/_astro/props.');
      expect(html).not.toMatch(/<astro-island[^>]* props=/);
      expect(unseen.props.filter((file) => file.start < FIRST_PAINT_FALLBACK_MS)).toEqual([]);

      await page.evaluate(() => document.documentElement.style.removeProperty('opacity'));
      // The player is on every page: once it has hydrated, its code has been fetched.
      await hydrated(page.locator('.player button').first());
      const { firstPaint, scripts, props } = await scriptTimings(page);
      expect(firstPaint).toBeGreaterThan(0);
      const late = scripts.filter((script) => LATE_SCRIPT.test(script.file));
      expect(late.some((script) => script.file.startsWith('client.'))).toBe(true);
      expect(late.some((script) => script.file.startsWith('Player.'))).toBe(true);
      for (const script of late) {
        expect(script.start, script.file).toBeGreaterThanOrEqual(Math.min(firstPaint, FIRST_PAINT_FALLBACK_MS));
      }
      expect(props.length).toBeGreaterThan(0);
      for (const file of props)
        expect(file.start, file.file).toBeGreaterThanOrEqual(Math.min(firstPaint, FIRST_PAINT_FALLBACK_MS));
    } finally {
      await page.context().close();
    }
  });
});

describe('the home page on a phone', () => {
  it('asks no other host for anything, through the whole video carousel, until a video is opened', async () => {
    const { page } = await openPage(browser(), { viewport: PHONE, locale: 'en-US' });
    const own = new URL(baseUrl).origin;
    // Every request of the page and its frames, whatever its host, as the browser makes it.
    const outside: string[] = [];
    page.context().on('request', (request) => {
      if (new URL(request.url()).origin !== own) outside.push(request.url());
    });
    try {
      await page.goto(`${baseUrl}/en`);
      const videos = carousel(page, 'en', 'videos');
      const next = videos.getByRole('button', { name: t('en', 'next'), exact: true });
      await hydrated(next);
      // Card by card to the end of the track, each card on screen in its turn.
      const cards = videos.locator('.carousel-track > li');
      for (let at = 0; at < (await cards.count()); at += 1) {
        await cards.nth(at).evaluate((card) => card.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
      }
      await expect.poll(() => next.isDisabled()).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(outside).toEqual([]);

      const first = VIDEOS[0] as Video;
      await cards.getByRole('button').first().click();
      const frame = page.getByRole('dialog', { name: first.title, exact: true }).locator('iframe');
      await frame.waitFor();
      await expect.poll(() => outside).toEqual([`https://www.youtube-nocookie.com/embed/${first.id}?autoplay=1`]);
    } finally {
      await page.context().close();
    }
  });
});
