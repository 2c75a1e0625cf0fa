/**
 * The byte budget of the first screen (tests/unit/budgets/first-screen.test.ts) cuts each home
 * page's HTML at a fixed marker. This checks the marker's promise in Chromium: on a 390x844
 * phone, everything shown before scrolling is markup that comes before it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { FIRST_SCREEN_VIEWPORT, firstScreenEnd, HOME_FIRST_SCREEN_MARKER } from '../../perf/bench/first-screen.ts';
import { openWithoutJavaScript, useBrowser } from './browser.ts';
import { LANGS } from './home-helpers.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe.each(LANGS)('the first screen of /%s on a phone', (lang) => {
  it('ends before the marker the byte budget cuts the HTML at', async () => {
    const { page } = await openWithoutJavaScript(browser(), `${baseUrl}/${lang}`, { viewport: FIRST_SCREEN_VIEWPORT });
    const html = readFileSync(`dist/${lang}.html`, 'utf8');
    const end = await firstScreenEnd(page, html);
    const marker = html.indexOf(HOME_FIRST_SCREEN_MARKER);
    expect(marker).toBeGreaterThan(0);
    expect(end.index).toBeLessThanOrEqual(marker);
    // And the hero does fill the screen: the first screen is not cut short by a broken page.
    expect(end.index).toBeGreaterThan(html.indexOf('class="player'));
    await page.context().close();
  });
});
