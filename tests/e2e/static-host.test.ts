/**
 * `dist/` alone on a static host (no server redirects): the inline scripts of `/` and
 * `404.html` must do the redirecting, and `<noscript>` must offer the three languages. Where
 * `/` sends each browser language is tested with our server's in routes.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, openWithoutJavaScript, useBrowser } from './browser.ts';

const staticUrl = inject('staticUrl');
const browser = useBrowser();

/**
 * Makes every page of `page` record, and stop, the navigations it starts itself (a script's
 * `location.replace` among them), so that one the page did not start can be told apart from
 * one still on its way. The result reads the current page's record.
 */
async function holdNavigations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const started: string[] = [];
    (window as unknown as { __navigations: string[] }).__navigations = started;
    navigation.addEventListener('navigate', (event) => {
      started.push(event.destination.url);
      event.preventDefault();
    });
  });
  return () => page.evaluate(() => (window as unknown as { __navigations: string[] }).__navigations);
}

describe('on a static host', () => {
  it('/ prefers the saved choice to the browser language', async () => {
    const { page } = await openPage(browser(), { locale: 'en-US' });
    await page.goto(`${staticUrl}/pt`);
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto(`${staticUrl}/`);
    await page.waitForURL(`${staticUrl}/es`);
    await page.context().close();
  });

  it('an unknown page goes to /pt, replacing itself', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${staticUrl}/en`);
    await page.goto(`${staticUrl}/old/page`);
    await page.waitForURL(`${staticUrl}/pt`);
    expect(await page.evaluate(() => history.length)).toBe(3);
    await page.context().close();
  });

  it('a missing asset stays on the 404 page', async () => {
    const { page } = await openPage(browser());
    const navigations = await holdNavigations(page);
    // The probe sees the redirect of an unknown page...
    await page.goto(`${staticUrl}/old/page`);
    expect(await navigations()).toEqual([`${staticUrl}/pt`]);
    // ...and none from a missing asset's: the 404 page's script has run by its load event.
    const response = await page.goto(`${staticUrl}/_astro/missing.js`);
    expect(response?.status()).toBe(404);
    expect(await navigations()).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/_astro/missing.js');
    await page.context().close();
  });

  it('without JavaScript, / offers links to the three languages', async () => {
    const { page } = await openWithoutJavaScript(browser(), `${staticUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    for (const [name, href] of [
      ['Português', '/pt'],
      ['English', '/en'],
      ['Español', '/es'],
    ] as const) {
      expect(await page.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await page.context().close();
  });
});
