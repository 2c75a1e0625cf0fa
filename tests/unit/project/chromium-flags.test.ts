/**
 * The Chromium the tests share is launched with one `--disable-features` of ours, which Chromium
 * reads instead of Playwright's own: ours must still hold every feature Playwright turns off, and
 * a new page must not start the address bar's popups.
 */
import { chromium, type BrowserServer } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PATH, PLAYWRIGHT_FLAGS } from '../../../scripts/chromium.ts';

let server: BrowserServer;

beforeAll(async () => {
  server = await chromium.launchServer({ executablePath: CHROME_PATH, args: PLAYWRIGHT_FLAGS });
}, 30_000);
afterAll(async () => {
  await server.close();
});

/** The feature lists of every `--disable-features` on the command line, in order. */
function disabledFeatureLists(args: readonly string[]): string[][] {
  return args
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

describe('the Chromium that Playwright launches', () => {
  it('turns off, in its last --disable-features, every feature Playwright turns off', () => {
    const lists = disabledFeatureLists(server.process().spawnargs);
    expect(lists.length).toBeGreaterThan(0);
    const effective = lists.at(-1) ?? [];
    for (const features of lists) expect(effective).toEqual(expect.arrayContaining(features));
  });

  it('opens a page in a new context without a renderer for window chrome', async () => {
    const browser = await chromium.connect(server.wsEndpoint());
    try {
      const cdp = await browser.newBrowserCDPSession();
      const context = await browser.newContext();
      await context.newPage();
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
      expect(targetInfos.filter((target) => target.type !== 'page').map((target) => target.url)).toEqual([]);
      expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
    } finally {
      await browser.close();
    }
  });
});
