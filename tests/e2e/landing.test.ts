/** The streaming landing page: content, language, scroll position. */
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, enhanced, openPage, PHONE, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const PLATFORMS = ['Apple Music', 'YouTube', 'TikTok', 'Deezer', 'SoundCloud', 'Bandcamp'];

describe('the landing page', () => {
  it.each([
    ['/pt/spotify', 'Ouça no Spotify'],
    ['/en/samebloodscocktail', 'Listen on Spotify'],
    ['/es/spotify', 'Escucha en Spotify'],
  ])('%s has the logo, name, description, the Spotify button and the other platforms', async (path, listenOn) => {
    const { page, problems } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseUrl}${path}`);
    const logo = page.locator('img.landing-logo');
    expect([await logo.getAttribute('width'), await logo.getAttribute('height')]).toEqual(['120', '120']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Same Bloods Cocktail');
    const spotify = page.getByRole('link', { name: listenOn });
    expect(await spotify.getAttribute('href')).toBe('https://open.spotify.com/artist/4lIiJuoMLpeO6JKNkOcx4y');
    expect(await spotify.getAttribute('target')).toBe('_blank');
    expect(await spotify.getAttribute('rel')).toContain('noopener');
    for (const platform of PLATFORMS) {
      const link = page.getByRole('link', { name: new RegExp(`^${platform}`) });
      expect(await link.getAttribute('target'), platform).toBe('_blank');
    }
    const flags = await page.locator('.language-flags svg').all();
    expect(flags).toHaveLength(3);
    for (const flag of flags) {
      expect([await flag.getAttribute('width'), await flag.getAttribute('height')]).toEqual(['32', '21']);
    }
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['en-US', null, 'Listen on Spotify', 'en-US'],
    ['es-AR', null, 'Escucha en Spotify', 'es-ES'],
    ['de-DE', null, 'Ouça no Spotify', 'pt-BR'],
    ['en-US', 'es', 'Escucha en Spotify', 'es-ES'],
  ])(
    '/samebloodscocktail in a %s browser (saved choice %s) shows its texts in that language',
    async (locale, saved, listenOn, htmlLang) => {
      const { page } = await openPage(browser(), { locale });
      if (saved) {
        await page.goto(`${baseUrl}/pt`);
        await page.evaluate((lang) => localStorage.setItem('i18nextLng', lang), saved);
      }
      await page.goto(`${baseUrl}/samebloodscocktail`);
      await expect.poll(() => page.locator('.spotify-button').textContent()).toBe(listenOn);
      expect(await page.getAttribute('html', 'lang')).toBe(htmlLang);
      expect(new URL(page.url()).pathname).toBe('/samebloodscocktail');
      await page.context().close();
    },
  );

  it('opens at the top, even after a reload from further down', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 390, height: 500 } });
    await page.goto(`${baseUrl}/en/spotify`);
    await enhanced(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The router has saved this position with the history entry, to restore it when it starts again.
    await expect
      .poll(() => page.evaluate(() => (history.state as { scrollY?: number } | null)?.scrollY))
      .toBeGreaterThan(0);
    await page.reload();
    await enhanced(page); // the router has started, and restored what it would
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('has no axe violations once the language is applied', async () => {
    const { page } = await openPage(browser(), { locale: 'en-US' });
    await page.goto(`${baseUrl}/samebloodscocktail`);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en-US');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
