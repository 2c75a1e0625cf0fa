/** The run's one Chromium (tests/e2e/chromium-server.ts), driven by playwright-core. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { axeSource, runAxe, type AxeViolation } from './axe.ts';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1600, height: 900 };

/**
 * Connects the test file to the run's browser and lets go of it after; call the result to get it.
 * Every context a test opens is closed when the test ends, passed or failed, so a failing
 * test leaks nothing into the next (contexts a file opens in `beforeAll` are kept).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  let before = new Set<BrowserContext>();
  beforeAll(async () => {
    browser = await chromium.connect(inject('chromiumEndpoint'));
  });
  beforeEach(() => {
    before = new Set(browser?.contexts());
  });
  afterEach(async () => {
    const opened = (browser?.contexts() ?? []).filter((context) => !before.has(context));
    await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser could not be reached; see the error of beforeAll.');
    return browser;
  };
}

/**
 * For a describe block whose tests each start on a page of their own: before each test, opens
 * `url` in a new context with `options` and hands the page to `ready`, which keeps it and waits
 * for what the tests need. After each, the test fails if the page logged an error while it
 * loaded or while the test ran, so no test depends on a later one to be checked.
 */
export function openForEachTest(
  browser: () => Browser,
  url: string,
  options: BrowserContextOptions,
  ready: (opened: OpenedPage) => Promise<void> | void,
): void {
  let problems: PageErrors = { errors: [], external: [] };
  beforeEach(async () => {
    const opened = await openPage(browser(), options);
    problems = opened.problems;
    await opened.page.goto(url);
    await ready(opened);
  });
  afterEach(() => {
    const logged = problems.errors.splice(0);
    expect(logged, 'errors the page logged during this test').toEqual([]);
  });
}

/** A page a test opened, and what it did wrong or reached outside. */
export interface OpenedPage {
  page: Page;
  problems: PageErrors;
}

/** What a page did wrong or reached outside: console errors (CSP violations among them). */
export interface PageErrors {
  errors: string[];
  /** Requests to hosts other than this machine, answered by a stand-in (see below). */
  external: string[];
}

/**
 * A new page that records console errors and uncaught exceptions. The network here reaches
 * no outside host, so every outside request is recorded and answered by a stand-in: the video
 * player's embed, the analytics tag, and pages of other sites; any other outside request (an
 * image among them: the site's pages show none from another host) is refused.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const problems: PageErrors = { errors: [], external: [] };
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, async (route) => {
    const url = route.request().url();
    problems.external.push(url);
    const { hostname } = new URL(url);
    if (hostname === 'www.googletagmanager.com') {
      // The analytics tag: an empty script, so what the page itself queued can be read.
      await route.fulfill({ contentType: 'text/javascript', body: '/* tag stand-in */' });
    } else if (hostname.endsWith('youtube-nocookie.com') || hostname.endsWith('youtube.com')) {
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>video</title><p>video</p>' });
    } else if (route.request().resourceType() === 'document') {
      // A link to another site (Spotify, Instagram...) opens a stand-in page at its real URL.
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>outside</title>' });
    } else {
      await route.abort('blockedbyclient');
    }
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(error.message));
  return { page, problems };
}

/**
 * `url` opened with JavaScript off, as a crawler or a visitor without scripts gets it: the page,
 * what it reported, and the answer to its navigation.
 */
export async function openWithoutJavaScript(browser: Browser, url: string, options: BrowserContextOptions = {}) {
  const opened = await openPage(browser, { ...options, javaScriptEnabled: false });
  return { ...opened, response: await opened.page.goto(url) };
}

/** axe-core's violations on the page as it stands. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(runAxe);
}

/** How many of the elements `selector` finds are less than 44 px high, too small to tap surely. */
export function shortTargets(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .evaluateAll((targets) => targets.filter((target) => target.getBoundingClientRect().height < 44).length);
}

/**
 * Waits until the page's behaviours (flags, menu) and Astro's router run: they load after the
 * first paint and the load event (src/page-start/after-first-paint.ts), which then marks `<html
 * data-enhanced>`. Before that a link is an ordinary page load.
 */
export async function enhanced(page: Page): Promise<void> {
  await page.locator('html[data-enhanced]').waitFor({ state: 'attached' });
}

/** Requests a page has been made to wait for: how many came, and the call that lets them go on. */
export interface HeldRequests {
  count: () => number;
  release: () => void;
}

/**
 * Holds the page's requests to `url` until `release()` is called, so that a test sees the state
 * the page is in while it waits for them, for as long as the test needs.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<HeldRequests> {
  const { promise: released, resolve: release } = Promise.withResolvers<undefined>();
  let count = 0;
  await page.route(url, async (route) => {
    count += 1;
    await released;
    await route.continue();
  });
  return { count: () => count, release: () => release(undefined) };
}
