/** The home page's menu: the top bar and its arrows, the vertical menu, the entries, flags and social links. */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, enhanced, openForEachTest, openPage, PHONE, useBrowser } from './browser.ts';
import type { OpenedPage, PageErrors } from './browser.ts';
import { LOCALES, scrollLeft, SITE_SETTINGS, t, type Lang } from './home-helpers.ts';
import { MENU_ENTRIES } from '../../src/lib/menu-entries.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const FLAG_NAMES: Record<Lang, string> = { pt: 'Português', en: 'English', es: 'Español' };
/** Which flag each page clicks at the end of its tests, so that every language is switched to. */
const PHONE_NEXT = { pt: 'en', en: 'es' } as const;
const DESKTOP_NEXT = { pt: 'es', en: 'pt' } as const;

/** Before each test of the block: the home page in `lang` as `options` say, handed to `keep` once the menu works. */
function menuForEachTest(lang: Lang, options: BrowserContextOptions, keep: (opened: OpenedPage) => void): void {
  openForEachTest(browser, `${baseUrl}/${lang}`, { locale: LOCALES[lang], ...options }, async (opened) => {
    keep(opened);
    await enhanced(opened.page);
  });
}

const nav = (page: Page, lang: Lang) => page.getByRole('navigation', { name: t(lang, 'menu:label') });
const socialList = (page: Page, lang: Lang) =>
  page.getByRole('list', { name: t(lang, 'menu:social'), exact: true, includeHidden: true });

/**
 * Clicks the entry in the page and, in the same task, reads where its section landed: under
 * reduced motion the jump is instant, so it is already there; with smooth scrolling it is not.
 */
async function clickEntryAndReadTop(page: Page, href: string) {
  return page.evaluate((hash) => {
    scrollTo({ top: 0, behavior: 'instant' });
    const link = document.querySelector<HTMLAnchorElement>(`[data-menu-track] a[href="${hash}"]`);
    const target = document.querySelector<HTMLElement>(hash);
    if (!link || !target) throw new Error(`no entry or section for ${hash}`);
    link.click();
    return { top: target.getBoundingClientRect().top, scrollY: window.scrollY };
  }, href);
}

/** Where a section should sit after its entry was clicked: its scroll margin below the top, unless the page ends first. */
async function landing(page: Page, hash: string) {
  return page.evaluate((selector) => {
    const target = document.querySelector<HTMLElement>(selector);
    const header = document.querySelector<HTMLElement>('.site-menu');
    if (!target || !header) throw new Error(`no section ${selector}`);
    const box = target.getBoundingClientRect();
    const maxScroll = document.documentElement.scrollHeight - innerHeight;
    const headerBox = header.getBoundingClientRect();
    return {
      top: box.top,
      // Where the browser puts an anchored section: its own scroll margin plus the page's
      // scroll padding (which keeps it clear of the sticky top bar).
      margin:
        parseFloat(getComputedStyle(target).scrollMarginTop) +
        parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      atPageEnd: Math.abs(window.scrollY - maxScroll) <= 1,
      // The area the sticky top bar covers (none for the vertical menu at the side).
      coveredUpTo: headerBox.width >= innerWidth / 2 ? headerBox.bottom : 0,
      viewportHeight: innerHeight,
    };
  }, hash);
}

/** The section sits its scroll margin below the top of the viewport, or on screen where the page ends. */
async function expectSectionInView(page: Page, hash: string) {
  const place = await landing(page, hash);
  if (place.atPageEnd) {
    expect(place.top, hash).toBeGreaterThanOrEqual(0);
    expect(place.top, hash).toBeLessThan(place.viewportHeight);
  } else {
    expect(Math.abs(place.top - place.margin), `${hash} lands its scroll margin below the top`).toBeLessThanOrEqual(2);
    // Clear of the bar, with at most a little air above the section.
    expect(place.margin - place.coveredUpTo, `${hash} room above the section`).toBeLessThanOrEqual(40);
  }
}

/** The section's top edge is not hidden under the sticky top bar. */
async function expectSectionBelowBar(page: Page, hash: string) {
  const place = await landing(page, hash);
  expect(place.top, `${hash} lands under the top bar`).toBeGreaterThanOrEqual(place.coveredUpTo - 1);
}

/** Clicks the flag of `to` on the page in `from`: the page changes to /to and the choice is saved. */
async function switchLanguage(page: Page, from: Lang, to: Lang) {
  await page
    .getByRole('list', { name: t(from, 'languageSwitcher'), exact: true })
    .getByRole('link', { name: FLAG_NAMES[to], exact: true })
    .click();
  await page.waitForURL(`${baseUrl}/${to}`);
  await expect.poll(() => page.getAttribute('html', 'lang')).toBe(LOCALES[to]);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(to);
  expect(
    await page
      .getByRole('list', { name: t(to, 'languageSwitcher'), exact: true })
      .getByRole('link', { name: FLAG_NAMES[to], exact: true })
      .getAttribute('aria-current'),
  ).toBe('page');
}

describe.each(['pt', 'en'] as const)('the menu on a phone, in %s, under reduced motion', (lang) => {
  let page: Page;
  let problems: PageErrors;
  menuForEachTest(lang, { viewport: PHONE, reducedMotion: 'reduce' }, (opened) => {
    ({ page, problems } = opened);
  });

  it('is a top bar whose arrows scroll the entries by exactly 200 px, instantly', async () => {
    const track = page.locator('[data-menu-track]');
    const left = nav(page, lang).getByRole('button', { name: t(lang, 'menu:scrollLeft') });
    const right = nav(page, lang).getByRole('button', { name: t(lang, 'menu:scrollRight') });
    await expect(left.isVisible()).resolves.toBe(true);
    await expect(right.isVisible()).resolves.toBe(true);
    // The entries do overflow, by more than one step, so a step is not cut short by the end.
    const overflow = await track.evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow).toBeGreaterThan(200);
    expect(await scrollLeft(track)).toBe(0);

    await right.click();
    expect(await scrollLeft(track)).toBe(200);
    await left.click();
    expect(await scrollLeft(track)).toBe(0);
  });

  it('lists the seven sections in order, each scrolling its section into view at once', async () => {
    const links = nav(page, lang).getByRole('link');
    expect(await links.allTextContents()).toEqual(MENU_ENTRIES.map(([, key]) => t(lang, key)));
    expect(await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')))).toEqual(
      MENU_ENTRIES.map(([href]) => href),
    );
    for (const [href] of MENU_ENTRIES) {
      const { scrollY } = await clickEntryAndReadTop(page, href);
      expect(scrollY, `${href} scrolled the page`).toBeGreaterThan(0);
      await expectSectionInView(page, href);
    }
  });

  it('lands each section below the sticky top bar, not under it', async () => {
    for (const [href] of MENU_ENTRIES) {
      await clickEntryAndReadTop(page, href);
      await expectSectionBelowBar(page, href);
    }
  });

  it('has the three flags, the current language marked', async () => {
    const flags = page.getByRole('list', { name: t(lang, 'languageSwitcher'), exact: true });
    for (const [code, name] of Object.entries(FLAG_NAMES)) {
      const flag = flags.getByRole('link', { name, exact: true });
      expect(await flag.getAttribute('aria-current'), name).toBe(code === lang ? 'page' : null);
      expect(await flag.getAttribute('href')).toBe(`/${code}`);
      await expect(flag.isVisible()).resolves.toBe(true);
    }
  });

  it('has every social link of the settings, opening in a new tab, visible at 390 px', async () => {
    const list = socialList(page, lang);
    await expect(list.isVisible()).resolves.toBe(true);
    const links = list.getByRole('link');
    expect(await links.count()).toBe(SITE_SETTINGS.socials.length);
    for (const link of await links.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(/\s+/)).toContain('noopener');
      expect(new URL((await link.getAttribute('href')) ?? '').protocol).toBe('https:');
      const name = await link.evaluate((node) => node.textContent.trim());
      expect(name.length, 'accessible name').toBeGreaterThan(0);
      await expect(link.isVisible()).resolves.toBe(true);
    }
  });

  it('draws its flags and icons inline, loading no image from another host', async () => {
    const header = page.locator('header.site-menu');
    const images = await header.evaluate((node) => ({
      imgs: [...node.querySelectorAll('img')].map((img) => img.src),
      linksWithoutSvg: [...node.querySelectorAll('.language-flags a, .menu-social a')].filter(
        (link) => !link.querySelector('svg'),
      ).length,
      flagsAndIcons: node.querySelectorAll('.language-flags a svg, .menu-social a svg').length,
    }));
    expect(images).toEqual({ imgs: [], linksWithoutSvg: 0, flagsAndIcons: 12 });
    // Nothing has gone to another host: the video thumbnails are the site's own.
    expect(problems.external).toEqual([]);
  });

  // Last: it leaves the page.
  it(`a flag switches to /${PHONE_NEXT[lang]}, saving the choice`, async () => {
    await switchLanguage(page, lang, PHONE_NEXT[lang]);
  });
});

describe('the menu on a phone with smooth scrolling', () => {
  let page: Page;
  menuForEachTest('en', { viewport: PHONE, reducedMotion: 'no-preference' }, (opened) => {
    ({ page } = opened);
  });

  it('an arrow glides the entries to +200 px', async () => {
    const track = page.locator('[data-menu-track]');
    const right = nav(page, 'en').getByRole('button', { name: t('en', 'menu:scrollRight') });
    // Clicked and read in the same task: a smooth scroll has not moved yet.
    const rightAway = await right.evaluate((button: HTMLButtonElement) => {
      button.click();
      return document.querySelector('[data-menu-track]')?.scrollLeft;
    });
    expect(rightAway).toBeLessThan(200);
    await expect.poll(() => scrollLeft(track)).toBe(200);
  });

  it('an entry glides to its section rather than jumping', async () => {
    const { top, scrollY } = await clickEntryAndReadTop(page, '#poems');
    expect(scrollY).toBe(0);
    expect(top).toBeGreaterThan(PHONE.height / 2);
    await expect
      .poll(async () => {
        const place = await landing(page, '#poems');
        return place.atPageEnd || Math.abs(place.top - place.margin) <= 2;
      })
      .toBe(true);
    await expectSectionInView(page, '#poems');
  });
});

describe.each(['pt', 'en'] as const)('the menu on a desktop, in %s, under reduced motion', (lang) => {
  let page: Page;
  menuForEachTest(lang, { viewport: DESKTOP, reducedMotion: 'reduce' }, (opened) => {
    ({ page } = opened);
  });

  it('is a vertical menu at the side, without the arrows', async () => {
    await expect(
      nav(page, lang)
        .getByRole('button', { name: t(lang, 'menu:scrollLeft') })
        .isHidden(),
    ).resolves.toBe(true);
    await expect(
      nav(page, lang)
        .getByRole('button', { name: t(lang, 'menu:scrollRight') })
        .isHidden(),
    ).resolves.toBe(true);
    const header = await page.locator('header.site-menu').boundingBox();
    expect(header).toMatchObject({ x: 0, y: 0, height: DESKTOP.height });
    expect(header?.width).toBeLessThan(DESKTOP.width / 4);
    const boxes = await nav(page, lang)
      .getByRole('link')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(7);
    for (const [index, box] of boxes.entries()) {
      expect(box.width).toBeGreaterThan(0);
      if (index === 0) continue;
      const above = boxes[index - 1] as DOMRect;
      expect(box.left).toBeCloseTo(above.left, 0);
      expect(box.top).toBeGreaterThanOrEqual(above.bottom);
    }
  });

  it('each entry scrolls its section into view at once, beside the menu', async () => {
    for (const [href] of MENU_ENTRIES) {
      const { scrollY } = await clickEntryAndReadTop(page, href);
      expect(scrollY, `${href} scrolled the page`).toBeGreaterThan(0);
      await expectSectionInView(page, href);
    }
  });

  it('shows the flags and every social link', async () => {
    const flags = page.getByRole('list', { name: t(lang, 'languageSwitcher'), exact: true });
    expect(await flags.getByRole('link', { name: FLAG_NAMES[lang], exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await flags.locator('[aria-current]').count()).toBe(1);
    const links = socialList(page, lang).getByRole('link');
    expect(await links.count()).toBe(SITE_SETTINGS.socials.length);
    for (const link of await links.all()) await expect(link.isVisible()).resolves.toBe(true);
  });

  // Last: it leaves the page.
  it(`a flag switches to /${DESKTOP_NEXT[lang]}, saving the choice`, async () => {
    await switchLanguage(page, lang, DESKTOP_NEXT[lang]);
  });
});

describe('the social links on a very small screen', () => {
  it('are hidden at 340 px wide', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 340, height: 740 } });
    try {
      await page.goto(`${baseUrl}/pt`);
      const list = socialList(page, 'pt');
      expect(await list.getByRole('link', { includeHidden: true }).count()).toBe(SITE_SETTINGS.socials.length);
      await expect(list.isHidden()).resolves.toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
