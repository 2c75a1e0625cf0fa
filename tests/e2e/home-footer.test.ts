/** The home page's footer: social icons, the contact section and the copyright line with the current year. */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, openForEachTest, openPage, PHONE, useBrowser } from './browser.ts';
import { LOCALES, SITE_SETTINGS, t, type Lang } from './home-helpers.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The copyright line of the footer, whitespace collapsed. */
async function copyright(page: Page, lang: Lang): Promise<string> {
  const line = page.getByRole('contentinfo').getByText(t(lang, 'footer:rights'));
  expect(await line.count()).toBe(1);
  return ((await line.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** © and the year, then the artist, then the translated 'all rights reserved'. */
const copyrightPattern = (lang: Lang, year: number) =>
  new RegExp(`^©\\s*${year}(?!\\d).*${escape(t(lang, 'artistName'))}.*${escape(t(lang, 'footer:rights'))}$`);

describe.each([
  ['phone', 'pt'],
  ['desktop', 'en'],
  ['desktop', 'es'],
] as const)('the footer on a %s, in %s', (size, lang) => {
  let page: Page;
  openForEachTest(
    browser,
    `${baseUrl}/${lang}`,
    { viewport: size === 'phone' ? PHONE : DESKTOP, locale: LOCALES[lang] },
    (opened) => {
      ({ page } = opened);
    },
  );

  it('shows © this year, the artist and the translated “all rights reserved”', async () => {
    expect(await copyright(page, lang)).toMatch(copyrightPattern(lang, new Date().getFullYear()));
  });

  it('separates the year from the artist’s name with a space', async () => {
    expect(await copyright(page, lang)).toMatch(
      new RegExp(`©\\s*${new Date().getFullYear()}\\s+${escape(t(lang, 'artistName'))}`),
    );
  });

  it('has the #contact section, named by its heading', async () => {
    const contact = page.getByRole('region', { name: t(lang, 'footer:contactTitle'), exact: true });
    expect(await contact.getAttribute('id')).toBe('contact');
    const heading = contact.getByRole('heading', { name: t(lang, 'footer:contactTitle'), exact: true });
    expect(await heading.evaluate((node) => node.tagName)).toBe('H2');
    await expect(heading.isVisible()).resolves.toBe(true);
    expect(await contact.getByText(t(lang, 'footer:contactIntro')).isVisible()).toBe(true);
    // The footer sits after the main content, outside it.
    expect(await page.locator('main #contact').count()).toBe(0);
  });

  it('has every social link of the settings, opening in a new tab', async () => {
    const links = page
      .getByRole('contentinfo')
      .getByRole('list', { name: t(lang, 'footer:social'), exact: true })
      .getByRole('link');
    expect(await links.count()).toBe(SITE_SETTINGS.socials.length);
    for (const link of await links.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(/\s+/)).toContain('noopener');
      expect(((await link.textContent()) ?? '').trim()).toContain(t(lang, 'opensInNewTab'));
      expect(await link.locator('svg').count()).toBe(1);
      await expect(link.isVisible()).resolves.toBe(true);
    }
  });

  // Once per screen size is enough (accessibility.test.ts covers every page with nothing open).
  it.runIf(lang !== 'es')('has no axe violations with nothing open', async () => {
    expect(await page.locator('dialog[open], .key-panel:not([hidden])').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the copyright year is the browser’s', () => {
  it('a browser in 2042 sees © 2042 on /pt, whatever year the page was built', async () => {
    const lang = 'pt';
    const { page, problems } = await openPage(browser(), { locale: LOCALES[lang] });
    await page.clock.setFixedTime(new Date('2042-03-15T12:00:00Z'));
    await page.goto(`${baseUrl}/${lang}`);
    // The page's script may run after the load event (on Astro's page-load): wait for it.
    await expect.poll(() => copyright(page, lang)).toMatch(copyrightPattern(lang, 2042));
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});
