/**
 * The visitor's journeys in Firefox and WebKit (Safari's engine), one description run by each
 * engine's driver (tests/e2e/engines/). Chromium runs the fuller suite of the other files.
 * E2E_ENGINES=webkit (or firefox) runs one engine alone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchEngine, selectedEngines, type Engine, type EnginePage, type Viewport } from './engines/index.ts';
import { LANGS } from './home-helpers.ts';

const baseUrl = inject('baseUrl');

const PHONE: Viewport = { width: 390, height: 844 };
const DESKTOP: Viewport = { width: 1440, height: 900 };
const SIZES = [
  { size: 'phone', viewport: PHONE },
  { size: 'desktop', viewport: DESKTOP },
] as const;

describe.each(selectedEngines())('in %s', (engineName) => {
  let engine: Engine | undefined;
  let page: EnginePage | undefined;
  beforeAll(async () => {
    engine = await launchEngine(engineName);
  }, 90_000);
  afterAll(async () => {
    await engine?.close();
  });
  afterEach(async () => {
    const opened = page;
    page = undefined;
    await opened?.close();
  });

  /** A fresh page at `viewport`, loaded at `path`; each test checks its errors at its end. */
  async function open(path: string, viewport: Viewport): Promise<EnginePage> {
    if (!engine) throw new Error(`${engineName} did not start; see the error of beforeAll.`);
    page = await engine.newPage(viewport);
    await page.goto(`${baseUrl}${path}`);
    return page;
  }

  it('sees an error the page throws (so “no page errors” means something)', async () => {
    const opened = await open('/en', PHONE);
    await opened.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown by the test');
      });
    });
    await expect.poll(() => opened.takeErrors()).toEqual([expect.stringContaining('thrown by the test')]);
  });

  describe.each(SIZES)('on a $size', ({ viewport }) => {
    it.each(LANGS)('the home page in %s paints with no page errors and no sideways scroll', async (lang) => {
      const opened = await open(`/${lang}`, viewport);
      const state = await opened.evaluate(() => ({
        lang: document.documentElement.lang,
        width: window.innerWidth,
        scrollWidth: document.documentElement.scrollWidth,
        h1: document.querySelector('h1')?.textContent.trim() ?? '',
        h1Shown: document.querySelector('h1')?.checkVisibility() ?? false,
      }));
      expect(state.width).toBe(viewport.width);
      expect(state.lang.startsWith(lang)).toBe(true);
      expect(state.h1).not.toBe('');
      expect(state.h1Shown).toBe(true);
      expect(state.scrollWidth, 'the page is no wider than the window').toBeLessThanOrEqual(viewport.width);
      expect(await opened.takeErrors()).toEqual([]);
    });
  });
});
