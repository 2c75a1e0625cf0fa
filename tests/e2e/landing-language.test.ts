/**
 * /samebloodscocktail, whose path names no language, in the visitor's language: every text of
 * the page, `document.title` and `<html lang>`, the same as /{lang}/samebloodscocktail shows.
 * Our server sends the page already written in that language; a bare static host sends the
 * Portuguese page, which switches in the browser. Both are checked on the build with analytics
 * ids, so the consent banner is among the texts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/languages.ts';
import { axeViolations, enhanced, openPage, openWithoutJavaScript, PHONE, useBrowser } from './browser.ts';
import { LOCALES, t, type Lang } from './home-helpers.ts';

const browser = useBrowser();
const SITE = 'https://andremourapassos.com';
const LANGUAGE_NAMES: Record<Lang, string> = { pt: 'Português', en: 'English', es: 'Español' };

/** Everything a visitor reads or hears of the page: text, accessible names, alt texts. */
interface PageTexts {
  title: string;
  lang: string;
  texts: string[];
  attributes: string[];
}

async function pageTexts(page: Page): Promise<PageTexts> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style, template')) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    const attributes = [...document.body.querySelectorAll('[aria-label], [alt], [title]')].flatMap((element) =>
      ['aria-label', 'alt', 'title']
        .filter((name) => element.hasAttribute(name))
        .map((name) => `${name}=${element.getAttribute(name) ?? ''}`),
    );
    return { title: document.title, lang: document.documentElement.lang, texts, attributes };
  });
}

/**
 * Waits until the player has hydrated and shows the offered playlist's tracks, and the page's
 * behaviours have come (the consent choice among them, on this analytics build).
 */
async function playerReady(page: Page): Promise<void> {
  await enhanced(page);
  await page.locator('astro-island[component-url*="Player"]:not([ssr])').waitFor({ state: 'attached' });
  await expect.poll(() => page.locator('section.player .player-track').count()).toBeGreaterThan(0);
}

async function head(page: Page): Promise<{ canonical: string | null; alternates: (string | null)[] }> {
  return {
    canonical: await page.getAttribute('link[rel="canonical"]', 'href'),
    alternates: await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
      links.map((link) => `${link.getAttribute('hreflang') ?? ''} ${link.getAttribute('href') ?? ''}`),
    ),
  };
}

type Saved = 'flag' | 'storage' | null;

const serverUrl = inject('analyticsUrl');

describe.each([
  ['our server', serverUrl],
  ['a static host', inject('staticAnalyticsUrl')],
])('/samebloodscocktail on %s', (_host, baseUrl) => {
  it.each([
    ['pt-BR', null, 'pt'],
    ['en-US', null, 'en'],
    ['es-MX', null, 'es'],
    // A choice saved with the flags (cookie and storage), or only in storage (the old site).
    ['pt-BR', 'flag', 'en'],
    ['en-GB', 'flag', 'es'],
    ['es-ES', 'flag', 'pt'],
    ['en-US', 'storage', 'es'],
    ['es-ES', 'storage', 'pt'],
  ] as [string, Saved, Lang][])(
    'a %s browser (saved choice by %s) reads every text in %s',
    async (locale, saved, lang) => {
      const { page, problems } = await openPage(browser(), { locale, viewport: PHONE });
      if (baseUrl !== serverUrl) {
        // A static host has no API or music: they come from our server, as a CDN's rewrite of
        // those paths to it would bring them, so the player shows the same tracks on both pages.
        await page.route(/\/(?:graphql|media\/|media-covers\/)/, (route) => {
          const { pathname, search } = new URL(route.request().url());
          return route.fallback({ url: `${serverUrl}${pathname}${search}` });
        });
      }
      if (saved === 'flag') {
        await page.goto(`${baseUrl}/samebloodscocktail`);
        // A flag followed is remembered once the page's behaviours have come.
        await enhanced(page);
        await page.getByRole('link', { name: LANGUAGE_NAMES[lang], exact: true }).click();
        await page.waitForURL(`${baseUrl}/${lang}/samebloodscocktail`);
      } else if (saved === 'storage') {
        await page.goto(`${baseUrl}/pt`);
        await page.evaluate((choice) => localStorage.setItem('i18nextLng', choice), lang);
      }

      await page.goto(`${baseUrl}/${lang}/samebloodscocktail`);
      await playerReady(page);
      const expected = await pageTexts(page);
      const expectedHead = await head(page);

      await page.goto(`${baseUrl}/samebloodscocktail`);
      await playerReady(page);
      expect(new URL(page.url()).pathname).toBe('/samebloodscocktail');
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe(LOCALES[lang]);
      expect(await pageTexts(page)).toEqual(expected);

      // Spelled out, for a readable failure: the parts that stayed Portuguese before.
      expect(await page.title()).toBe(t(lang, 'seo:landing.title'));
      expect(await page.locator('a.skip-link').textContent()).toBe(t(lang, 'skipToContent'));
      const banner = page.getByRole('region', { name: t(lang, 'consentLabel') });
      expect(await banner.getByRole('button', { name: t(lang, 'consentAccept') }).isVisible()).toBe(true);
      const player = page.getByRole('region', { name: t(lang, 'player:region') });
      expect(await player.getByRole('status').textContent()).toBe(
        t(lang, 'player:status_offer', { name: 'Bloods Cocktail' }),
      );
      expect(
        await player.getByRole('button', { name: t(lang, 'player:playPlaylist', { name: 'Bloods Cocktail' }) }).count(),
      ).toBe(1);

      // The URL's own canonical and alternates, whatever the language shown.
      const { canonical, alternates } = await head(page);
      expect(canonical).toBe(`${SITE}/pt/samebloodscocktail`);
      expect(alternates.sort()).toEqual([...expectedHead.alternates].sort());
      expect(problems.errors).toEqual([]);
      await page.context().close();
    },
  );
});

describe('switched in the browser', () => {
  it('has no axe violations on a static host, in an English browser', async () => {
    const { page } = await openPage(browser(), { locale: 'en-US' });
    await page.goto(`${inject('staticAnalyticsUrl')}/samebloodscocktail`);
    await page.locator('astro-island[component-url*="Player"]:not([ssr])').waitFor({ state: 'attached' });
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en-US');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('our server sends /samebloodscocktail already written in the language', () => {
  it.each(LANGUAGES.map((lang) => [LOCALES[lang], lang] as const))(
    'with JavaScript off, a %s browser gets the %s page',
    async (locale, lang) => {
      const { page, response } = await openWithoutJavaScript(browser(), `${inject('baseUrl')}/samebloodscocktail`, {
        locale,
      });
      expect(response?.headers()['vary']).toMatch(/Accept-Language/);
      expect(await page.getAttribute('html', 'lang')).toBe(LOCALES[lang]);
      expect(await page.title()).toBe(t(lang, 'seo:landing.title'));
      expect(await page.locator('a.skip-link').textContent()).toBe(t(lang, 'skipToContent'));
      expect(await page.locator('.spotify-button').textContent()).toBe(t(lang, 'spotify:listenOn'));
      expect(await page.locator('section.player').getAttribute('aria-label')).toBe(t(lang, 'player:region'));
      expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(`${SITE}/pt/samebloodscocktail`);
      await page.context().close();
    },
  );
});
