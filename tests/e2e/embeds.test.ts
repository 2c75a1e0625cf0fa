/**
 * The embeddable player in a page of another origin (a second loopback server): it plays there
 * without a console error, its one-row variant fits its slot, and an ordinary page of the site
 * refuses to be framed. Then what other sites read: the feeds (strictly parsed, every entry's
 * link answering) and the discovery links in the pages' heads.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scanSitePages } from '../../server/services/site/site-pages.ts';
import { feedPath } from '../../src/lib/feeds.ts';
import { HTML_LANGS, LANGUAGES } from '../../src/lib/languages.ts';
import { axeViolations, openPage, useBrowser, type PageErrors } from './browser.ts';
import { RELEASES, t } from './home-helpers.ts';

const baseUrl = inject('baseUrl');
/** Built with the demo music, so its embeds list tracks and have track pages. */
const analyticsUrl = inject('analyticsUrl');
const SITE = 'https://andremourapassos.com';
const browser = useBrowser();

/** Another origin (another port, and `localhost` rather than 127.0.0.1): a page that frames `src`. */
let embedder: Server;
let embedderUrl: string;
beforeAll(async () => {
  embedder = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const attribute = (name: string) => (query.get(name) ?? '').replace(/[^\w:/?=&.%-]/g, '');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><html lang="en"><title>A blog</title><body style="margin:0">` +
        `<iframe src="${attribute('src')}" width="${attribute('width')}" height="${attribute('height')}"` +
        ` title="player" style="border:0;display:block" allow="autoplay"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  embedderUrl = `http://localhost:${String((embedder.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => embedder.close(resolve));
});

/** Opens the other origin's page framing `src` at that size; the page, its frame and its errors. */
async function framed(
  src: string,
  width: number,
  height: number,
): Promise<{ page: Page; frame: Frame; problems: PageErrors }> {
  const { page, problems } = await openPage(browser());
  const query = new URLSearchParams({ src, width: String(width), height: String(height) });
  await page.goto(`${embedderUrl}/?${query.toString()}`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  return { page, frame, problems };
}

describe('the embed in another origin’s page', () => {
  it('plays the release in the language asked for, with no console error', async () => {
    const { frame, problems } = await framed(`${baseUrl}/embed/cocktail-n1?lang=en`, 480, 420);
    const play = frame.getByRole('button', { name: t('en', 'player:play'), exact: true });
    await expect.poll(() => play.isEnabled()).toBe(true);
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe(HTML_LANGS.en);
    await play.click();
    // Sound: the seek bar moves with the audio element's own time.
    await frame.waitForFunction(() => Number(document.querySelector<HTMLInputElement>('.embed-seek')?.value) > 0);
    await frame.getByRole('button', { name: t('en', 'player:pause'), exact: true }).click();
    const open = frame.getByRole('link', { name: t('en', 'embed:openOnSite') });
    expect(await open.getAttribute('href')).toBe('/en/music/cocktail-n1');
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(problems.errors).toEqual([]);
    expect(problems.external).toEqual([]);
  });

  it('plays a track chosen in the list, and a track embed plays that track', async () => {
    const { frame, problems } = await framed(`${analyticsUrl}/embed/cocktail-n1?lang=pt`, 480, 420);
    const tracks = frame.locator('.embed-tracks button');
    await expect.poll(() => tracks.count()).toBeGreaterThan(1);
    await expect.poll(() => tracks.nth(1).isEnabled()).toBe(true);
    await tracks.nth(1).click();
    await expect.poll(() => tracks.nth(1).getAttribute('aria-current')).toBe('true');
    await frame.waitForFunction(() => Number(document.querySelector<HTMLInputElement>('.embed-seek')?.value) > 0);
    expect(problems.errors).toEqual([]);

    const slug = (await frame.evaluate(() => location.pathname)).split('/')[2] ?? '';
    const first = await fetch(`${analyticsUrl}/embeds.json`).then(
      async (answer) => (await answer.json()) as { releases: Record<string, { tracks: Record<string, string> }> },
    );
    const [trackSlug] = Object.keys(first.releases[slug]?.tracks ?? {});
    const single = await framed(`${analyticsUrl}/embed/${slug}/${trackSlug ?? ''}?lang=es`, 480, 200);
    const play = single.frame.getByRole('button', { name: t('es', 'player:play'), exact: true });
    await expect.poll(() => play.isEnabled()).toBe(true);
    await play.click();
    await single.frame.waitForFunction(
      () => Number(document.querySelector<HTMLInputElement>('.embed-seek')?.value) > 0,
    );
    expect(single.problems.errors).toEqual([]);
  });

  it.each([320, 480])('fits the one-row variant in a %i px wide, 96 px high slot', async (width) => {
    const { frame, problems } = await framed(`${baseUrl}/embed/cocktail-n1?compact=1&lang=pt`, width, 96);
    const play = frame.getByRole('button', { name: t('pt', 'player:play'), exact: true });
    await expect.poll(() => play.isEnabled()).toBe(true);
    const box = await frame.evaluate(() => {
      const root = document.documentElement;
      const main = document.querySelector('main')?.getBoundingClientRect();
      return {
        scrollHeight: root.scrollHeight,
        scrollWidth: root.scrollWidth,
        clientWidth: root.clientWidth,
        mainHeight: main?.height ?? 0,
      };
    });
    expect(box.mainHeight).toBeGreaterThanOrEqual(80);
    expect(box.mainHeight).toBeLessThanOrEqual(120);
    expect(box.scrollHeight).toBeLessThanOrEqual(96);
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    const button = await play.boundingBox();
    expect((button?.y ?? 999) + (button?.height ?? 0)).toBeLessThanOrEqual(96);
    await play.click();
    await frame.waitForFunction(() => document.querySelector('.embed-play')?.getAttribute('data-state') === 'playing');
    expect(problems.errors).toEqual([]);
  });

  it('is refused for an ordinary page of the site', async () => {
    const { page } = await openPage(browser());
    const refused = page.waitForEvent('console', {
      predicate: (message) => message.type() === 'error' && /frame-ancestors|X-Frame-Options/.test(message.text()),
    });
    const query = new URLSearchParams({ src: `${baseUrl}/en/music/cocktail-n1`, width: '480', height: '400' });
    await page.goto(`${embedderUrl}/?${query.toString()}`);
    await refused;
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    // The browser shows its own error page in the frame, never the site's.
    expect(await frame?.evaluate(() => document.querySelector('.release-main') === null)).toBe(true);
    expect(frame?.url()).not.toBe(`${baseUrl}/en/music/cocktail-n1`);
  });
});

describe('the embed page itself', () => {
  it.each([
    ['the release, with its tracks, on a phone', '/embed/cocktail-n1?lang=es', 320, 420],
    ['the one-row variant', '/embed/cocktail-n1?lang=en&compact=1', 480, 96],
  ])(
    '%s has no accessibility violation, and every control is reachable by keyboard',
    async (_name, path, width, height) => {
      const { page, problems } = await openPage(browser(), { viewport: { width, height } });
      await page.goto(`${analyticsUrl}${path}`);
      await expect.poll(() => page.locator('.embed-play').isEnabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      // Tab order: the link to the site, play, then (full player) the seek bar and each track.
      const reached: string[] = [];
      for (let step = 0; step < 8; step += 1) {
        await page.keyboard.press('Tab');
        reached.push(await page.evaluate(() => document.activeElement?.className ?? ''));
      }
      expect(reached).toContain('embed-open');
      expect(reached).toContain('embed-play');
      await page.locator('.embed-play').focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('.embed-play')?.getAttribute('data-state') === 'playing');
      expect(problems.errors).toEqual([]);
    },
  );

  it('is never indexed and carries no analytics, even in a build with analytics ids', async () => {
    for (const url of [`${baseUrl}/embed/cocktail-n1`, `${analyticsUrl}/embed/cocktail-n1`]) {
      const html = await (await fetch(url)).text();
      expect(html, url).toMatch(/<meta name="robots" content="noindex, nofollow">/);
      expect(html, url).not.toMatch(/data-analytics|googletagmanager/);
    }
    // And it asks nothing of the site's own counts while it plays.
    const { page, problems } = await openPage(browser());
    const counted: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) counted.push(request.url());
    });
    await page.goto(`${analyticsUrl}/embed/cocktail-n1?lang=en`);
    await expect.poll(() => page.locator('.embed-play').isEnabled()).toBe(true);
    await page.locator('.embed-play').click();
    await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>('.embed-seek')?.value) > 0);
    await page.close({ runBeforeUnload: true });
    expect(counted).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

describe('the feeds', () => {
  it.each(LANGUAGES)('/%s feed is well-formed RSS whose every entry links to a page that answers', async (lang) => {
    const answer = await fetch(`${baseUrl}${feedPath(lang)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await answer.text();
    const { page } = await openPage(browser());
    // The browser's XML parser is strict: anything not well-formed gives a <parsererror>.
    const links = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0 || doc.documentElement.nodeName !== 'rss') return null;
      return [...doc.getElementsByTagName('item')].map(
        (item) => item.getElementsByTagName('link')[0]?.textContent ?? '',
      );
    }, xml);
    expect(links).not.toBeNull();
    expect(links?.length).toBeGreaterThanOrEqual(RELEASES.length);
    for (const link of links ?? []) {
      expect(link.startsWith(`${SITE}/${lang}`), link).toBe(true);
      const { pathname } = new URL(link);
      expect((await fetch(`${baseUrl}${pathname}`, { redirect: 'manual' })).status, link).toBe(200);
    }
  });

  it('is named in the head of every page, in the page’s language', async () => {
    const site = await scanSitePages('dist');
    const paths = [...site.pages.keys(), ...site.variants.keys()].filter((path) => !path.startsWith('/embed/'));
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const html = await (await fetch(`${baseUrl}${path}`, { redirect: 'manual' })).text();
      const htmlLang = /<html lang="([^"]+)"/.exec(html)?.[1];
      const lang = LANGUAGES.find((code) => HTML_LANGS[code] === htmlLang);
      expect(lang, path).toBeDefined();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toContain(
        `<link rel="alternate" type="application/rss+xml" href="${SITE}${feedPath(lang ?? 'pt')}"`,
      );
    }
  });
});

describe('oEmbed discovery', () => {
  it.each(LANGUAGES)('the %s release page names its oEmbed answer, which names the embed', async (lang) => {
    const html = await (await fetch(`${baseUrl}/${lang}/music/cocktail-n1`)).text();
    const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1] ?? '';
    const url = new URL(href.replaceAll('&amp;', '&'));
    expect(url.origin + url.pathname).toBe(`${SITE}/oembed`);
    const answer = await fetch(`${baseUrl}/oembed${url.search}`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { type: string; html: string };
    expect(body.type).toBe('rich');
    expect(body.html).toContain(`src="${SITE}/embed/cocktail-n1?lang=${lang}"`);
  });
});
