/** Every route and redirect, through our server (and `/` on a static host too), in Chromium. */
import { describe, expect, inject, it } from 'vitest';
import { enhanced, openPage, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const staticUrl = inject('staticUrl');
const browser = useBrowser();

/** Where `/` is served from: our server redirects; on a static host the page's own script does. */
const ROOT_HOSTS = { 'our server': baseUrl, 'a static host': staticUrl };

describe.each(Object.entries(ROOT_HOSTS))('/ picks the language, on %s', (_host, origin) => {
  it.each([
    ['en-US', '/en'],
    ['en-GB', '/en'],
    ['es-ES', '/es'],
    ['es-MX', '/es'],
    ['pt-BR', '/pt'],
    ['de-DE', '/pt'],
    ['it-IT', '/pt'],
  ])('a browser in %s lands on %s, with no history entry for /', async (locale, path) => {
    const { page, problems } = await openPage(browser(), { locale });
    await page.goto(`${origin}/`);
    await page.waitForURL(`${origin}${path}`);
    // about:blank, then the language page: `/` itself left no entry.
    expect(await page.evaluate(() => history.length)).toBe(2);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});

describe('pages', () => {
  it.each([
    ['/pt', 'pt-BR'],
    ['/en', 'en-US'],
    ['/es', 'es-ES'],
    ['/pt/spotify', 'pt-BR'],
    ['/en/spotify', 'en-US'],
    ['/es/samebloodscocktail', 'es-ES'],
    ['/samebloodscocktail', 'pt-BR'],
  ])('%s renders in %s without errors', async (path, htmlLang) => {
    // A Portuguese browser: /samebloodscocktail shows the visitor's language.
    const { page, problems } = await openPage(browser(), { locale: 'pt-BR' });
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getAttribute('html', 'lang')).toBe(htmlLang);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/\S/);
    // A blocked inline script or style (CSP) would show up here.
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('the landing page links the home button to its language, or to / without one', async () => {
    const { page } = await openPage(browser(), { locale: 'pt-BR' });
    await page.goto(`${baseUrl}/en/spotify`);
    expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/en');
    await page.goto(`${baseUrl}/samebloodscocktail`);
    expect(await page.getByRole('link', { name: 'Início' }).getAttribute('href')).toBe('/');
    await page.context().close();
  });
});

describe('other paths', () => {
  it('an unknown page goes to /pt, replacing itself in history', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/en`);
    await page.goto(`${baseUrl}/some/old/page`);
    expect(new URL(page.url()).pathname).toBe('/pt');
    expect(await page.evaluate(() => history.length)).toBe(3);
    // The router starts after the load event and writes its state with replaceState, a
    // same-document navigation that Playwright's goBack would take for its own: wait for it.
    await enhanced(page);
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/en');
    await page.context().close();
  });

  it.each(['/_astro/missing.js', '/styles/missing.css', '/images/missing.png', '/media/Singles/missing.mp3'])(
    'a missing asset %s is a real 404',
    async (path) => {
      const { page } = await openPage(browser());
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(404);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.context().close();
    },
  );
});
