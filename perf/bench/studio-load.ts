/**
 * The studio as the artist's phone loads it, in a real Chromium at 390 px: the bytes the network
 * carried (compressed, as sent) for the sign-in page, for the editor's first visit and for a
 * visit after a reload, and the time until the editor's list of poems can be used on
 * Lighthouse's slow 4G with its 4× CPU slowdown. The real app runs on a copy of the project.
 */
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium, type BrowserContext, type CDPSession, type Cookie, type Page } from 'playwright-core';
import { addPasskeyAuthenticator } from '../harness/passkeys.ts';
import { median } from './stats.ts';
import { startStudioApp, type StudioApp } from '../harness/studio-app.ts';
import { CHROME_PATH, PLAYWRIGHT_FLAGS } from '../../scripts/chromium.ts';
import { viewportAt } from '../../scripts/layout.ts';
import { fill, STUDIO_TEXTS } from '../../studio/texts.ts';

export interface StudioLoadResult {
  /** The sign-in page, with an empty cache. */
  shellBytes: number;
  /** The editor signed in, with an empty cache. */
  editorFirstBytes: number;
  /** The editor again after a reload, its files in the browser's cache. */
  editorSecondBytes: number;
  /** From navigation to the editor's list of poems ready for a tap, throttled. */
  usableMs: number;
}

/** Where the artist lands to edit: a collection's list. */
const EDITOR_LIST = '/studio/#/collections/poems';
/** An entry of that list, as Decap links it. */
const LIST_ENTRY = 'a[href*="#/collections/poems/entries/"]';
const PHONE = viewportAt(390);
/** Throttled loads vary by a few hundred milliseconds: the median of this many is reported. */
const USABLE_RUNS = 3;
/** A phone on a weak signal, as Lighthouse simulates one. */
const SLOW_4G = throttling.mobileSlow4G;

/** Counts what the network delivers to the page of `cdp`: each response's encoded bytes, headers included. */
async function countTransfers(cdp: CDPSession): Promise<{ total: () => number; reset: () => void }> {
  let bytes = 0;
  await cdp.send('Network.enable');
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  return { total: () => bytes, reset: () => (bytes = 0) };
}

/** Resolves once the editor's list of poems shows an entry. */
const listReady = (page: Page) => page.locator(LIST_ENTRY).first().waitFor({ timeout: 120_000 });

/** Loads `url` and waits until the network is quiet: everything the page asked for has come. */
async function load(page: Page, url: string, ready: () => Promise<unknown>): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await ready();
  await page.waitForLoadState('networkidle');
}

/**
 * Milliseconds from navigating to `url` with an empty cache until the editor's list is drawn
 * and the main thread is free to answer a tap, on slow 4G with the CPU slowed 4×.
 */
async function usableOnSlowPhone(page: Page, cdp: CDPSession, url: string): Promise<number> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.requestLatencyMs,
    downloadThroughput: (SLOW_4G.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier });
  await page.goto(url, { waitUntil: 'commit' });
  await listReady(page);
  // Measured in the page, from its navigation's start.
  return page.evaluate(() => new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 0)));
}

/** Signs in through a passkey, as invited; returns the session's cookies. */
async function signIn(context: BrowserContext, studio: StudioApp): Promise<Cookie[]> {
  const page = await context.newPage();
  await addPasskeyAuthenticator(page);
  await page.goto(await studio.invite('André'));
  await page.getByRole('button', { name: STUDIO_TEXTS.pt.createPasskey }).click();
  await page.getByText(fill(STUDIO_TEXTS.pt.signedInAs, { name: 'André' })).waitFor();
  await page.close();
  return context.cookies();
}

export async function measureStudioLoad(): Promise<StudioLoadResult> {
  const studio = await startStudioApp({
    prefix: 'bench-studio-load-',
    env: { FFMPEG_PATH: '/nonexistent/ffmpeg' },
    watchMedia: false,
  });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: PLAYWRIGHT_FLAGS });
  try {
    // Each context has a cache of its own, empty at first: a phone that never opened the studio.
    const phone = () => browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'pt-BR' });
    const visit = async (cookies: Cookie[]) => {
      const context = await phone();
      await context.addCookies(cookies);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      return { page, cdp, transfers: await countTransfers(cdp) };
    };

    const visitor = await visit([]);
    await load(visitor.page, `${studio.origin}/studio`, () =>
      visitor.page.getByRole('button', { name: STUDIO_TEXTS.pt.signIn }).waitFor(),
    );
    const shellBytes = visitor.transfers.total();

    const cookies = await signIn(await phone(), studio);
    const artist = await visit(cookies);
    await load(artist.page, `${studio.origin}${EDITOR_LIST}`, () => listReady(artist.page));
    const editorFirstBytes = artist.transfers.total();
    artist.transfers.reset();
    await artist.page.reload({ waitUntil: 'load' });
    await listReady(artist.page);
    await artist.page.waitForLoadState('networkidle');
    const editorSecondBytes = artist.transfers.total();

    const usable: number[] = [];
    for (let run = 0; run < USABLE_RUNS; run += 1) {
      const slow = await visit(cookies);
      usable.push(await usableOnSlowPhone(slow.page, slow.cdp, `${studio.origin}${EDITOR_LIST}`));
      await slow.page.context().close();
    }
    const usableMs = median(usable);
    return { shellBytes, editorFirstBytes, editorSecondBytes, usableMs };
  } finally {
    await browser.close();
    await studio.close();
  }
}
