/**
 * Every text reaches a page as text. The site is built once from content whose every field,
 * and the title tags of its audio files, hold hostile strings drawn by fast-check (a new seed
 * each run, printed on failure; HOSTILE_SEED draws one again): no page, feed or oEmbed answer
 * holds an element, attribute, script or style the source did not write, and in Chromium the
 * pages built from it run none of it while every island still works.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_POLICY_FILE, pagePolicySchema, type PagePolicy } from '../../src/lib/page-policy.ts';
import { enhanced, openPage, PHONE, useBrowser } from './browser.ts';
import { markupProblems } from './hostile-markup.ts';
import { HOSTILE_TRACK_PREFIX, MARK_START, SMUGGLED_PAGE, startHostileSite, type HostileSite } from './hostile-site.ts';

const seed = Number(process.env['HOSTILE_SEED'] ?? Date.now() % 2 ** 31);
let site: HostileSite;
let policy: PagePolicy;

beforeAll(async () => {
  site = await startHostileSite(seed);
  policy = pagePolicySchema.parse(JSON.parse(readFileSync(join(site.distDir, PAGE_POLICY_FILE), 'utf8')));
}, 240_000);
afterAll(async () => {
  await site.close();
});

/** Files of the build with one of the extensions, relative to it. */
function builtFiles(extension: string): string[] {
  return readdirSync(site.distDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith(extension));
}

describe(`a site built from hostile content (HOSTILE_SEED=${String(seed)})`, () => {
  it('holds in every page only the elements, attributes, scripts and styles its source writes', () => {
    const pages = builtFiles('.html').filter((file) => file !== SMUGGLED_PAGE.file);
    expect(pages.length).toBeGreaterThan(20);
    let hostileTexts = 0;
    for (const file of pages) {
      const html = readFileSync(join(site.distDir, file), 'utf8');
      hostileTexts += html.split(MARK_START).length - 1;
      expect(markupProblems(html, policy), file).toEqual([]);
    }
    // The check saw the hostile texts: they reached the pages.
    expect(hostileTexts).toBeGreaterThan(100);
  });

  it('writes well-formed feeds that hold the hostile texts as text', () => {
    const feeds = builtFiles('.rss');
    expect(feeds.length).toBe(3);
    for (const file of feeds) {
      const xml = readFileSync(join(site.distDir, file), 'utf8');
      expect(xml, file).toContain(MARK_START);
      expect(markupProblems(xml, policy, true), file).toEqual([]);
    }
  });

  it('answers oEmbed with one iframe whose title is text', async () => {
    const release = builtFiles('.html').find((file) => /^en\/music\/[^/]+\.html$/.test(file)) ?? '';
    const pageUrl = `https://andremourapassos.com/${release.replace(/\.html$/, '')}`;
    const response = await fetch(`${site.url}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { title: string; html: string };
    expect(answer.title).toContain(MARK_START);
    expect(answer.html.match(/<[a-z]/g)).toEqual(['<i']);
    expect(markupProblems(answer.html, policy)).toEqual([]);
  });
});

describe('its pages in Chromium', () => {
  const browser = useBrowser();

  /** Opens a page at phone size and records what ran that should not have. */
  async function open(path: string): Promise<{ page: Page; problems: () => Promise<string[]> }> {
    const { page, problems } = await openPage(browser(), { viewport: PHONE });
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.defineProperty(window, '__refused', { value: refused });
      document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));
    });
    await page.goto(`${site.url}${path}`);
    return {
      page,
      problems: async () => {
        const ran = await page.evaluate(() => ({
          injected: (window as { __injected?: unknown }).__injected !== undefined,
          refused: (window as unknown as { __refused: string[] }).__refused,
        }));
        return [
          ...(ran.injected ? ['a hostile script ran'] : []),
          ...ran.refused.map((directive) => `the policy refused something (${directive})`),
          ...problems.errors,
        ];
      },
    };
  }

  /** Scrolls to the end and back so every island that waits to be seen loads, then waits for all. */
  async function everyIslandHydrated(page: Page): Promise<void> {
    await enhanced(page);
    await page.evaluate(async () => {
      for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 3) {
        // Instant: the page's smooth scrolling would still be on its way at the next step.
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    const waiting = () =>
      page.locator('astro-island[ssr]').evaluateAll((islands) => islands.map((island) => island.getAttribute('opts')));
    await expect.poll(waiting).toEqual([]);
  }

  const trackPage = () => {
    const track = builtFiles('.html').find((file) =>
      new RegExp(`^en/music/[^/]+/${HOSTILE_TRACK_PREFIX.toLowerCase()}-[^/]*\\.html$`).test(file),
    );
    if (!track) throw new Error('no hostile track got a page');
    return `/${track.replace(/\.html$/, '')}`;
  };

  it('plays the embed of a track with a hostile title, and runs nothing else', async () => {
    const [, release = '', track = ''] = /^\/en\/music\/([^/]+)\/([^/]+)$/.exec(trackPage()) ?? [];
    const { page, problems } = await open(`/embed/${release}/${track}`);
    const play = page.locator('.embed-play');
    await expect.poll(() => play.isEnabled()).toBe(true);
    await play.click();
    await expect.poll(() => play.getAttribute('data-state')).toBe('playing');
    expect(await page.locator('h1').textContent()).toContain(MARK_START);
    expect(await problems()).toEqual([]);
  });

  it('plays a hostile track from its own page', async () => {
    const { page, problems } = await open(trackPage());
    await everyIslandHydrated(page);
    await page.locator('button.release-play').click();
    await expect.poll(() => page.locator('section.player .player-track').count()).toBeGreaterThan(0);
    expect(await problems()).toEqual([]);
  });

  it('refuses a script smuggled into a page, and still runs the page’s own', async () => {
    const { page, problems } = await open(SMUGGLED_PAGE.path);
    expect(await page.content()).toContain(SMUGGLED_PAGE.script);
    await everyIslandHydrated(page);
    const found = await problems();
    expect(found).toContain('the policy refused something (script-src-elem)');
    expect(found).not.toContain('a hostile script ran');
  });

  for (const path of ['/en', '/pt', '/en/music/cocktail-n1', '/en/spotify', '/samebloodscocktail']) {
    it(`hydrates every island of ${path} and runs nothing hostile`, async () => {
      const { page, problems } = await open(path);
      await everyIslandHydrated(page);
      expect(await page.content()).toContain(MARK_START);
      expect(await problems()).toEqual([]);
    });
  }
});
