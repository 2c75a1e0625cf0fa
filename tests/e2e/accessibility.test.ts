/** axe-core on every kind of page, at phone and desktop sizes. */
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, openPage, PHONE, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('on a %s', (_name, viewport) => {
  it.each([
    '/pt',
    '/en',
    '/es',
    '/pt/spotify',
    '/en/samebloodscocktail',
    '/samebloodscocktail',
    '/pt/fans/confirm',
    '/en/fans/expired',
    '/es/fans/left',
  ])('%s has no axe violations', async (path) => {
    const { page } = await openPage(browser(), { viewport });
    await page.goto(`${baseUrl}${path}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
