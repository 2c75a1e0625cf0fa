/**
 * Click-to-sound in Chromium: the time from a real click on a hero key to the audio's
 * `playing` event, and from a click on the player's "Next track" button to the next
 * `playing`. Each sample is a fresh browser context (empty cache) on /en, so each click pays
 * the playlist query and the first bytes of the audio like a visitor's first click does.
 *
 * Both times are read inside the page from the events' own timestamps (the trusted click's
 * `timeStamp` and the `playing` event's), so the test driver's round trips are not counted.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_PATH, GESTURE_AUTOPLAY_FLAG, OFFLINE_FLAGS } from '../chromium.ts';
import { median } from './stats.ts';

/** The end-to-end tests' flags: offline, audio allowed only after a gesture. */
const CHROMIUM_FLAGS = [...OFFLINE_FLAGS, GESTURE_AUTOPLAY_FLAG];

const PAGE = '/en';
const HERO_KEY = /^Cocktail Nº1/;
const NEXT_TRACK = 'Next track';
const WAIT_MS = 10_000;

/** Stands in for the video service's thumbnails, which this machine cannot reach. */
const STAND_IN_THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#333"/></svg>';

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

/** Runs in the page before its own scripts. */
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
async function clickToPlaying(page: Page): Promise<number> {
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
    { timeout: WAIT_MS },
  );
  return (await handle.jsonValue()) ?? Number.NaN;
}

async function sample(browser: Browser, baseUrl: string): Promise<{ heroKey: number; nextTrack: number }> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, locale: 'en-US' });
  try {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, async (route) => {
      if (new URL(route.request().url()).hostname === 'i.ytimg.com') {
        await route.fulfill({ contentType: 'image/svg+xml', body: STAND_IN_THUMBNAIL });
      } else {
        await route.abort('blockedbyclient');
      }
    });
    const page = await context.newPage();
    await page.addInitScript(recordTimeline);
    await page.goto(`${baseUrl}${PAGE}`);
    // Both islands hydrate when the browser is idle; a click before that does nothing.
    for (const island of ['KeyboardHero', 'Player']) {
      await page
        .locator(`astro-island[component-url*="${island}"]:not([ssr])`)
        .first()
        .waitFor({ state: 'attached', timeout: WAIT_MS });
    }
    await page.locator('.keyboard').getByRole('button', { name: HERO_KEY }).click();
    const heroKey = await clickToPlaying(page);
    await page.locator('section.player').getByRole('button', { name: NEXT_TRACK }).click();
    const nextTrack = await clickToPlaying(page);
    return { heroKey, nextTrack };
  } finally {
    await context.close();
  }
}

/** Measures `samples` fresh pages. */
export async function measurePlayback(baseUrl: string, samples: number): Promise<PlaybackResult> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium was not found at ${CHROME_PATH}; set CHROME_PATH.`);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
  const heroKey: (number | null)[] = [];
  const nextTrack: (number | null)[] = [];
  const errors: string[] = [];
  try {
    for (let index = 0; index < samples; index += 1) {
      try {
        const result = await sample(browser, baseUrl);
        heroKey.push(result.heroKey);
        nextTrack.push(result.nextTrack);
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
