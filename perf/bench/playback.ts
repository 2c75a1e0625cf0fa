/**
 * Click-to-sound in Chromium: from a real click on a hero key, or on "Next track", to the audio's
 * `playing` event. Each sample is a fresh browser context on /en, so each click pays the playlist
 * query and the first bytes of the audio as a visitor's first click does.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_PATH, GESTURE_AUTOPLAY_FLAG, PLAYWRIGHT_FLAGS } from '../../scripts/chromium.ts';
import { median } from './stats.ts';

/** The end-to-end tests' flags: offline, audio allowed only after a gesture. */
const CHROMIUM_FLAGS = [...PLAYWRIGHT_FLAGS, GESTURE_AUTOPLAY_FLAG];

const PAGE = '/en';
const HERO_KEY = /^Cocktail Nº1/;
const NEXT_TRACK = 'Next track';
const WAIT_MS = 10_000;

export interface PlaybackResult {
  page: string;
  samples: number;
  /** Milliseconds per sample; null where `playing` did not come within the wait. */
  heroKey: (number | null)[];
  nextTrack: (number | null)[];
  heroKeyMedian: number;
  nextTrackMedian: number;
  errors: string[];
}

/** What the init script records in the page. */
interface Timeline {
  clicks: number[];
  playing: { at: number; src: string }[];
}

declare global {
  interface Window {
    __benchTimeline?: Timeline;
  }
}

/**
 * Runs in the page before its own scripts: records the trusted clicks' and the `playing` events'
 * own timestamps, so the test driver's round trips are not counted.
 */
function recordTimeline(): void {
  const timeline: Timeline = { clicks: [], playing: [] };
  window.__benchTimeline = timeline;
  window.addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) timeline.clicks.push(event.timeStamp);
    },
    true,
  );
  // The player's audio element need not be in the document, so `playing` (which does not
  // bubble) is caught on the element the page plays: wrapping play() finds it.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the element as `this` below
  const play = HTMLMediaElement.prototype.play;
  const watched = new WeakSet<HTMLMediaElement>();
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!watched.has(this)) {
      watched.add(this);
      this.addEventListener('playing', (event) => timeline.playing.push({ at: event.timeStamp, src: this.currentSrc }));
    }
    return play.call(this);
  };
}

/**
 * Milliseconds from the latest trusted click to the first `playing` after it of a source other
 * than the one playing before the click (so a stall-and-resume of the previous track does not count).
 */
async function clickToPlaying(page: Page, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const timeline = window.__benchTimeline;
      const click = timeline?.clicks.at(-1);
      if (!timeline || click === undefined) return null;
      const previous = timeline.playing.filter((event) => event.at < click).at(-1)?.src;
      const playing = timeline.playing.find((event) => event.at >= click && event.src !== previous);
      return playing === undefined ? null : playing.at - click;
    },
    undefined,
    { timeout: timeoutMs },
  );
  return (await handle.jsonValue()) ?? Number.NaN;
}

/** A slow mobile network, as Chromium's DevTools emulate it. */
export interface NetworkConditions {
  downloadKbps: number;
  uploadKbps: number;
  latencyMs: number;
}

interface SampleOptions {
  /** Throttle the page's network (the audio included) from its first request. */
  network?: NetworkConditions;
  /** Also click "Next track" and time it (default true). */
  nextTrack?: boolean;
}

interface Sample {
  heroKey: number;
  nextTrack: number | null;
  /** The audio the key started (its currentSrc). */
  source: string;
}

async function sample(browser: Browser, baseUrl: string, options: SampleOptions = {}): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, locale: 'en-US' });
  try {
    // This machine reaches no other host, and the page asks none for anything here.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    if (options.network) {
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: options.network.latencyMs,
        downloadThroughput: (options.network.downloadKbps * 1000) / 8,
        uploadThroughput: (options.network.uploadKbps * 1000) / 8,
      });
    }
    await page.addInitScript(recordTimeline);
    await page.goto(`${baseUrl}${PAGE}`, { timeout: WAIT_MS * 3 });
    // Both islands hydrate when the browser is idle; a click before that does nothing.
    for (const island of ['KeyboardHero', 'Player']) {
      await page
        .locator(`astro-island[component-url*="${island}"]:not([ssr])`)
        .first()
        .waitFor({ state: 'attached', timeout: WAIT_MS });
    }
    await page.locator('.keyboard').getByRole('button', { name: HERO_KEY }).click();
    const heroKey = await clickToPlaying(page, options.network ? WAIT_MS * 3 : WAIT_MS);
    const source = await page.evaluate(() => window.__benchTimeline?.playing.at(-1)?.src ?? '');
    if (options.nextTrack === false) return { heroKey, nextTrack: null, source };
    await page.locator('section.player').getByRole('button', { name: NEXT_TRACK }).click();
    const nextTrack = await clickToPlaying(page, WAIT_MS);
    return { heroKey, nextTrack, source };
  } finally {
    await context.close();
  }
}

async function launch(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium was not found at ${CHROME_PATH}; set CHROME_PATH.`);
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
}

export interface ThrottledPlayback {
  /** Milliseconds from the hero key's click to `playing`, per fresh page. */
  heroKey: number[];
  median: number;
  /** What the player played (the last sample's currentSrc). */
  source: string;
}

/**
 * Click to playing on a throttled network, `samples` fresh pages: what a visitor on a slow
 * mobile connection waits for the first sound.
 */
export async function measureThrottledPlayback(
  baseUrl: string,
  samples: number,
  network: NetworkConditions,
): Promise<ThrottledPlayback> {
  const browser = await launch();
  const heroKey: number[] = [];
  let source = '';
  try {
    for (let index = 0; index < samples; index += 1) {
      const result = await sample(browser, baseUrl, { network, nextTrack: false });
      heroKey.push(result.heroKey);
      source = result.source;
    }
  } finally {
    await browser.close();
  }
  return { heroKey, median: median(heroKey), source };
}

/** Measures `samples` fresh pages. */
export async function measurePlayback(baseUrl: string, samples: number): Promise<PlaybackResult> {
  const browser = await launch();
  const heroKey: (number | null)[] = [];
  const nextTrack: (number | null)[] = [];
  const errors: string[] = [];
  try {
    for (let index = 0; index < samples; index += 1) {
      try {
        const result = await sample(browser, baseUrl);
        heroKey.push(result.heroKey);
        nextTrack.push(result.nextTrack ?? null);
      } catch (error) {
        errors.push(error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));
        heroKey.push(null);
        nextTrack.push(null);
      }
    }
  } finally {
    await browser.close();
  }
  const measured = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
  return {
    page: PAGE,
    samples,
    heroKey,
    nextTrack,
    heroKeyMedian: median(measured(heroKey)),
    nextTrackMedian: median(measured(nextTrack)),
    errors,
  };
}
