/**
 * Analytics on the build made with test ids, and its absence on the build made
 * without: consent first, page views on load and on in-place navigations, the conversion on
 * the Spotify button, and web vitals loaded lazily.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { enhanced, openPage, useBrowser, type PageErrors } from './browser.ts';
import { TEST_ANALYTICS } from './analytics-ids.ts';

const baseUrl = inject('baseUrl');
const analyticsUrl = inject('analyticsUrl');
const browser = useBrowser();

/** What the page queued for the tag: each entry is one gtag(...) call's arguments. */
async function dataLayer(page: Page): Promise<unknown[][] | null> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer;
    return layer ? layer.map((entry) => Array.from(entry)) : null;
  });
}

const events = async (page: Page, name: string) =>
  ((await dataLayer(page)) ?? []).filter((entry) => entry[0] === 'event' && entry[1] === name);

const SIGNALS = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'];
const allSignals = (value: string) => Object.fromEntries(SIGNALS.map((signal) => [signal, value]));

/**
 * The queue's commands up to the first page_view, each cut to what identifies it: the
 * consent commands with their state, the others by name and target.
 */
async function commandsUntilPageView(page: Page): Promise<unknown[][]> {
  const layer = (await dataLayer(page)) ?? [];
  const end = layer.findIndex((entry) => entry[0] === 'event' && entry[1] === 'page_view');
  return layer
    .slice(0, end + 1)
    .map((entry) => (entry[0] === 'consent' ? entry.slice(0, 3) : entry[0] === 'js' ? ['js'] : entry.slice(0, 2)));
}

/** Consent Mode v2 (denied by default, then granted) before the tag's configuration. */
const CONSENTED_START = [
  ['consent', 'default', allSignals('denied')],
  ['consent', 'update', allSignals('granted')],
  ['js'],
  ['config', TEST_ANALYTICS.gaId],
  ['config', TEST_ANALYTICS.adsId],
  ['event', 'page_view'],
];

const tagRequests = (problems: PageErrors) => problems.external.filter((url) => url.includes('googletagmanager.com'));

/** Every script the page requested, to spot the lazily loaded web-vitals chunk. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

describe('built without analytics ids', () => {
  it.each(['/en', '/pt/spotify'])('%s has no banner, no tag, no queue and sends no web vitals out', async (path) => {
    const { page, problems } = await openPage(browser());
    const scripts = recordScripts(page);
    await page.goto(`${baseUrl}${path}`);
    // The page's analytics, on a build that has them, are set up before the page is marked enhanced.
    await enhanced(page);
    expect(await page.locator('[data-analytics]').count()).toBe(0);
    expect(await page.evaluate(() => typeof (window as unknown as { gtag?: unknown }).gtag)).toBe('undefined');
    expect(await dataLayer(page)).toBeNull();
    expect(tagRequests(problems)).toEqual([]);
    // The web-vitals library may load for the site's own counts (lib/numbers-page.ts), sent to
    // this server only; nothing of it goes to another host.
    expect(scripts.filter((url) => /web-vitals|onINP|attribution/i.test(url) && !url.startsWith(baseUrl))).toEqual([]);
    const csp = (await page.context().request.get(`${baseUrl}${path}`)).headers()['content-security-policy'];
    expect(csp).not.toContain('googletagmanager');
    await page.context().close();
  });
});

describe('built without analytics ids, the scripts a page loads', () => {
  it.each(['/pt', '/en/spotify', '/es/music/cocktail-n1'])(
    '%s loads no analytics module and no tag address, while its own counts measure the page',
    async (path) => {
      const { page } = await openPage(browser());
      const scripts = recordScripts(page);
      // The web-vitals library is the last the page loads (at its first idle moment after the
      // site's own counts): once it has come, every script the page will load has.
      const vitals = page.waitForRequest((request) => /\/web-vitals\.[\w-]+\.js$/.test(request.url()));
      await page.goto(`${baseUrl}${path}`);
      await vitals;
      await page.waitForLoadState('networkidle');
      const files = scripts.map((url) => new URL(url).pathname);
      expect(files.some((file) => /\/numbers-page\.[\w-]+\.js$/.test(file))).toBe(true);
      expect(files.filter((file) => /\/analytics/.test(file))).toEqual([]);
      expect(scripts.filter((url) => !url.startsWith(baseUrl))).toEqual([]);
      for (const url of scripts) {
        const text = await (await page.context().request.get(url)).text();
        expect(text, url).not.toContain('googletagmanager');
      }
      await page.context().close();
    },
  );
});

describe('built with analytics ids', () => {
  it('asks first: nothing loaded or queued before consent, and the Spotify link still opens', async () => {
    const { page, problems } = await openPage(browser(), { locale: 'en-US' });
    await page.goto(`${analyticsUrl}/en/spotify`);
    const banner = page.getByRole('region', { name: 'Privacy' });
    await banner.waitFor();
    expect(await banner.getByRole('button', { name: 'Accept' }).isVisible()).toBe(true);
    expect(await banner.getByRole('button', { name: 'Decline' }).isVisible()).toBe(true);

    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Listen on Spotify' }).click();
    expect((await popup).url()).toBe('https://open.spotify.com/artist/4lIiJuoMLpeO6JKNkOcx4y');
    expect(await dataLayer(page)).toBeNull();
    expect(tagRequests(problems)).toEqual([]);
    const csp = (await page.context().request.get(`${analyticsUrl}/en/spotify`)).headers()['content-security-policy'];
    expect(csp).toContain('https://www.googletagmanager.com');
    await page.context().close();
  });

  it('on accept: loads the tag, sends page_view, then page_view on each navigation and the conversion', async () => {
    const { page, problems } = await openPage(browser(), { locale: 'en-US' });
    const scripts = recordScripts(page);
    await page.goto(`${analyticsUrl}/en/spotify`);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => tagRequests(problems).length).toBe(1);
    expect(tagRequests(problems)[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${TEST_ANALYTICS.gaId}`);
    expect(await page.getByRole('region', { name: 'Privacy' }).isHidden()).toBe(true);

    const [first] = await events(page, 'page_view');
    expect(first?.[2]).toMatchObject({ page_path: '/en/spotify', language: 'en-US' });
    expect(await commandsUntilPageView(page)).toEqual(CONSENTED_START);

    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Listen on Spotify' }).click();
    await popup;
    const [conversion] = await events(page, 'conversion');
    expect(conversion?.[2]).toMatchObject({
      send_to: `${TEST_ANALYTICS.adsId}/${TEST_ANALYTICS.conversionLabel}`,
      value: 1,
      currency: 'BRL',
    });

    // An in-place navigation (the flags) is a new page view.
    await page.getByRole('link', { name: 'Español', exact: true }).click();
    await page.waitForURL(`${analyticsUrl}/es/spotify`);
    await expect.poll(async () => (await events(page, 'page_view')).length).toBe(2);
    expect((await events(page, 'page_view'))[1]?.[2]).toMatchObject({ page_path: '/es/spotify', language: 'es-ES' });

    // Web vitals arrive lazily, after the page went idle.
    await expect.poll(() => scripts.some((url) => /web-vitals/i.test(url)), { timeout: 10_000 }).toBe(true);
    await page.context().close();
  });

  it('on accept: queues Consent Mode v2, all four denied then all four granted, before the configuration', async () => {
    const { page } = await openPage(browser(), { locale: 'en-US' });
    await page.goto(`${analyticsUrl}/en/samebloodscocktail`);
    await page.getByRole('button', { name: 'Decline' }).waitFor();
    expect(await dataLayer(page)).toBeNull();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(async () => (await events(page, 'page_view')).length).toBe(1);
    expect(await commandsUntilPageView(page)).toEqual(CONSENTED_START);
    // Each command is one gtag() call's arguments object, as gtag.js reads them.
    expect(
      await page.evaluate(() =>
        (window as unknown as { dataLayer: unknown[] }).dataLayer.every(
          (entry) => Object.prototype.toString.call(entry) === '[object Arguments]',
        ),
      ),
    ).toBe(true);
    await page.context().close();
  });

  it('remembers an accept: a returning visitor sends page_view on load, with no banner', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${analyticsUrl}/pt`);
    await page.evaluate(() => localStorage.setItem('analytics-consent', 'granted'));
    await page.goto(`${analyticsUrl}/pt/spotify`);
    await expect.poll(async () => (await events(page, 'page_view')).length).toBe(1);
    expect(await commandsUntilPageView(page)).toEqual(CONSENTED_START);
    expect(await page.locator('[data-analytics]').isHidden()).toBe(true);
    expect(tagRequests(problems).length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('on decline: sends nothing, now or later, and the Spotify link works the same', async () => {
    const { page, problems } = await openPage(browser(), { locale: 'pt-BR' });
    await page.goto(`${analyticsUrl}/pt/spotify`);
    await page.getByRole('button', { name: 'Recusar' }).click();
    expect(await page.locator('[data-analytics]').isHidden()).toBe(true);
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Ouça no Spotify' }).click();
    await popup;
    await page.reload();
    // By then the analytics code has read the saved answer and done all it does on a load.
    await enhanced(page);
    expect(await page.locator('[data-analytics]').isHidden()).toBe(true);
    expect(await dataLayer(page)).toBeNull();
    expect(tagRequests(problems)).toEqual([]);
    await page.context().close();
  });
});
