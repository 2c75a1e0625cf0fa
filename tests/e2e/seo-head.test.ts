/**
 * What search engines and social networks read, checked in the HTML as served, with
 * JavaScript off: it must all be there without running any script.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { openWithoutJavaScript, useBrowser } from './browser.ts';
import { RELEASES, t, type Lang } from './home-helpers.ts';

const baseUrl = inject('baseUrl');
const SITE = 'https://andremourapassos.com';
const browser = useBrowser();
/** The current test's page, JavaScript off (its context is closed by useBrowser when the test ends). */
let page: Page;

async function openWithoutScripts(path: string, locale?: string): Promise<void> {
  ({ page } = await openWithoutJavaScript(browser(), `${baseUrl}${path}`, locale ? { locale } : {}));
}

const meta = (selector: string) => page.getAttribute(selector, 'content');

async function alternates(): Promise<Record<string, string | null>> {
  const pairs = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
    links.map((link) => [link.getAttribute('hreflang') ?? '', link.getAttribute('href')] as const),
  );
  return Object.fromEntries(pairs);
}

async function jsonLd(): Promise<Record<string, unknown>> {
  const text = await page.textContent('script[type="application/ld+json"]');
  return JSON.parse(text ?? '{}') as Record<string, unknown>;
}

describe.each([
  ['pt', 'pt-BR', 'pt_BR', 'Compositor e Desenvolvedor', 'Projeto de Música Independente'],
  ['en', 'en-US', 'en_US', 'Songwriter and Developer', 'Independent Music Project'],
  ['es', 'es-ES', 'es_ES', 'Compositor y Desarrollador', 'Proyecto de Música Independiente'],
])('the %s home page head', (lang, htmlLang, ogLocale, jobTitle, organisation) => {
  beforeEach(async () => {
    await openWithoutScripts(`/${lang}`);
  });

  it('has its language, title, description, keywords and robots', async () => {
    expect(await page.getAttribute('html', 'lang')).toBe(htmlLang);
    expect(await page.title()).toMatch(/André Moura Passos/);
    expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(50);
    const keywords = (await meta('meta[name="keywords"]')) ?? '';
    expect(keywords.startsWith(t(lang as Lang, 'seo:home.keywords'))).toBe(true);
    for (const release of RELEASES) expect(keywords.split(', ')).toContain(release.title);
    expect(await meta('meta[name="robots"]')).toBe('index, follow');
  });

  it('has a canonical URL and hreflang alternates for every language and x-default', async () => {
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(`${SITE}/${lang}`);
    expect(await alternates()).toEqual({
      'pt-BR': `${SITE}/pt`,
      'en-US': `${SITE}/en`,
      'es-ES': `${SITE}/es`,
      'x-default': `${SITE}/`,
    });
  });

  it('has an Open Graph card and a Twitter card', async () => {
    expect(await meta('meta[property="og:locale"]')).toBe(ogLocale);
    const others = await page.$$eval('meta[property="og:locale:alternate"]', (tags) =>
      tags.map((tag) => tag.getAttribute('content')),
    );
    expect(others.sort()).toEqual(['en_US', 'es_ES', 'pt_BR'].filter((locale) => locale !== ogLocale).sort());
    expect(await meta('meta[property="og:type"]')).toBe('website');
    expect(await meta('meta[property="og:url"]')).toBe(`${SITE}/${lang}`);
    expect(await meta('meta[property="og:title"]')).toBe(await page.title());
    expect(await meta('meta[property="og:image"]')).toBe(`${SITE}/og-image.png`);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  });

  it('describes the artist as a Person in JSON-LD, translated', async () => {
    expect(await jsonLd()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'André Moura Passos',
      url: SITE,
      jobTitle,
      worksFor: { '@type': 'Organization', name: organisation },
    });
    expect(((await jsonLd())['sameAs'] as string[]).length).toBe(9);
  });
});

describe('the landing page head', () => {
  const landingAlternates = {
    'pt-BR': `${SITE}/pt/samebloodscocktail`,
    'en-US': `${SITE}/en/samebloodscocktail`,
    'es-ES': `${SITE}/es/samebloodscocktail`,
    'x-default': `${SITE}/samebloodscocktail`,
  };

  it.each([
    ['/en/spotify', `${SITE}/en/samebloodscocktail`, 'en_US'],
    ['/es/samebloodscocktail', `${SITE}/es/samebloodscocktail`, 'es_ES'],
  ])('%s has its canonical, alternates and card', async (path, canonical, ogLocale) => {
    await openWithoutScripts(path);
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(canonical);
    expect(await alternates()).toEqual(landingAlternates);
    expect(await meta('meta[property="og:locale"]')).toBe(ogLocale);
    expect(await meta('meta[property="og:url"]')).toBe(canonical);
    expect(await jsonLd()).toMatchObject({ '@type': 'Person' });
  });

  // Sent in the visitor's language, with that URL's one canonical whatever the language.
  it.each([
    ['pt-BR', 'pt_BR', 'Compositor e Desenvolvedor'],
    ['en-US', 'en_US', 'Songwriter and Developer'],
    ['es-ES', 'es_ES', 'Compositor y Desarrollador'],
  ])(
    '/samebloodscocktail for a %s browser has the same canonical and alternates, and its card',
    async (locale, ogLocale, jobTitle) => {
      await openWithoutScripts('/samebloodscocktail', locale);
      expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(`${SITE}/pt/samebloodscocktail`);
      expect(await alternates()).toEqual(landingAlternates);
      expect(await meta('meta[property="og:url"]')).toBe(`${SITE}/pt/samebloodscocktail`);
      expect(await meta('meta[property="og:locale"]')).toBe(ogLocale);
      expect(await jsonLd()).toMatchObject({ '@type': 'Person', jobTitle });
    },
  );
});

describe('site files', () => {
  it('has a sitemap with the language alternates of each page', async () => {
    const index = await (await fetch(`${baseUrl}/sitemap-index.xml`)).text();
    expect(index).toContain(`${SITE}/sitemap-0.xml`);
    const sitemap = await (await fetch(`${baseUrl}/sitemap-0.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort();
    const releases = RELEASES.flatMap(({ slug }) => ['en', 'es', 'pt'].map((lang) => `/${lang}/music/${slug}`));
    // A page per track the build knew of (the release file's list, else the media library's).
    const isTrackPage = (url: string) =>
      releases.some((path) => new RegExp(`^${SITE}${path}/[a-z0-9]+(?:-[a-z0-9]+)*$`).test(url));
    const trackPages = locations.filter((url) => url !== undefined && isTrackPage(url));
    for (const url of trackPages)
      for (const lang of ['en', 'es', 'pt'])
        expect(locations).toContain(url?.replace(/^(https:\/\/[^/]+\/)(en|es|pt)\//, `$1${lang}/`));
    expect(locations.filter((url) => !trackPages.includes(url))).toEqual(
      ['/en', '/en/samebloodscocktail', '/es', '/es/samebloodscocktail', '/pt', '/pt/samebloodscocktail', ...releases]
        .map((path) => `${SITE}${path}`)
        .sort(),
    );
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="es-ES" href="${SITE}/es"/>`);
    // A release page lists its other languages too.
    const release = /<url><loc>[^<]+\/pt\/music\/cocktail-n1<\/loc>(.*?)<\/url>/.exec(sitemap)?.[1] ?? '';
    expect(release).toContain(`hreflang="en-US" href="${SITE}/en/music/cocktail-n1"`);
    expect(release).toContain(`hreflang="es-ES" href="${SITE}/es/music/cocktail-n1"`);
  });

  it('has robots.txt naming the sitemap, a favicon and the social card image', async () => {
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
    const favicon = await fetch(`${baseUrl}/favicon.svg`);
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
    const card = await fetch(`${baseUrl}/og-image.png`);
    expect(card.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await card.arrayBuffer());
    // PNG width and height live at bytes 16–23 of the IHDR chunk.
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });
});
