/** The flags: switching language, marking the current one, and remembering the choice. */
import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser, enhanced } from './browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('language flags', () => {
  it('mark the current language and switch to another, saving the choice', async () => {
    const { page } = await openPage(browser(), { locale: 'pt-BR' });
    await page.goto(`${baseUrl}/pt`);
    await enhanced(page);
    const flags = page.getByRole('list', { name: 'Idioma' });
    expect(await flags.getByRole('link', { name: 'Português' }).getAttribute('aria-current')).toBe('page');
    expect(await flags.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBeNull();

    await flags.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${baseUrl}/en`);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    expect(
      await page
        .getByRole('list', { name: 'Language' })
        .getByRole('link', { name: 'English' })
        .getAttribute('aria-current'),
    ).toBe('page');

    // The saved choice now beats the browser's Portuguese when the visitor comes back to /.
    await page.goto(`${baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/en');
    await page.context().close();
  });

  it.each([
    ['/pt/spotify', 'Español', '/es/spotify'],
    ['/en/samebloodscocktail', 'Português', '/pt/samebloodscocktail'],
    ['/samebloodscocktail', 'English', '/en/samebloodscocktail'],
  ])('on the landing page %s, %s goes to %s', async (path, name, target) => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('link', { name, exact: true }).click();
    await page.waitForURL(`${baseUrl}${target}`);
    await page.context().close();
  });
});
