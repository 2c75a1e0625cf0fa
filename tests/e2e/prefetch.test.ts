/**
 * Page changes start early: the site fetches a page of its own when the pointer rests on a link
 * to it or the link takes the focus, and never a page of another host.
 */
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, enhanced, openPage, useBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('prefetching', () => {
  it('fetches a release page when the pointer rests on its link or the keyboard reaches it, never another host’s', async () => {
    const { page, problems } = await openPage(browser(), { viewport: DESKTOP });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${baseUrl}/en/spotify`);
    await enhanced(page);
    const releases = page.locator('a[href^="/en/music/"]');
    const [first, second] = [releases.nth(0), releases.nth(1)];
    const urlOf = async (link: typeof first) => new URL((await link.getAttribute('href')) ?? '', baseUrl).href;

    const outside = page.locator('a[href^="https://"]').first();
    const outsideUrl = (await outside.getAttribute('href')) ?? '';
    await outside.hover();
    await first.hover();
    await expect.poll(() => requested).toContain(await urlOf(first));
    // The release page was fetched after the pointer had rested on the other host's link.
    expect(requested.filter((url) => url.startsWith(outsideUrl))).toEqual([]);

    await second.focus();
    await expect.poll(() => requested).toContain(await urlOf(second));
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});
