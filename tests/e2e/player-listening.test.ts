/**
 * The listener's player in Chromium with the demo music (3-second tracks): a shared moment
 * opened in a new page, the keyboard shortcuts and their help, shuffle and repeat kept, the
 * position resumed after a reload, and the lock screen's (Media Session) handlers.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, enhanced, openPage, useBrowser } from './browser.ts';
import { callMediaSessionHandler, mediaSessionPositions, watchMediaSession } from './engines/player-probe.ts';
import { CONSENT_KEY } from '../../src/lib/analytics.ts';
import { PLAYER_SET_UP_EVENT } from '../../src/stores/player.ts';

const baseUrl = inject('baseUrl');
/** The build whose media library held the demo music: its tracks have their own pages. */
const trackPagesUrl = inject('analyticsUrl');
const browser = useBrowser();
const RELEASE = '/en/music/cocktail-n1';

interface Watched {
  __audio?: HTMLAudioElement;
  __setUp: number;
}

/**
 * Opens a page that keeps hold of the player's audio element (made with `new Audio()`), of the
 * handlers it gives the Media Session and of the positions it sets, and counts player set-ups.
 */
async function openListening(path: string, options: Parameters<typeof openPage>[1] = {}, origin = baseUrl) {
  const opened = await openPage(browser(), { viewport: DESKTOP, locale: 'en-US', ...options });
  await opened.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  // The analytics choice made: a build with analytics asks for it in a banner over the player.
  await opened.page.addInitScript((key) => localStorage.setItem(key, 'denied'), CONSENT_KEY);
  await opened.page.addInitScript(watchMediaSession);
  await opened.page.addInitScript(
    ({ setUpEvent }) => {
      const win = window as unknown as Watched & { Audio: typeof Audio };
      win.__setUp = 0;
      document.addEventListener(setUpEvent, () => (win.__setUp += 1));
      const NativeAudio = win.Audio;
      win.Audio = class extends NativeAudio {
        constructor(src?: string) {
          super(src);
          win.__audio = this;
        }
      };
    },
    { setUpEvent: PLAYER_SET_UP_EVENT },
  );
  await opened.page.goto(`${origin}${path}`);
  await enhanced(opened.page);
  await setUp(opened.page);
  return opened;
}

/** Waits for the page's player to be set up (moment, restore and offer done). */
const setUp = (page: Page) => page.waitForFunction(() => (window as unknown as Watched).__setUp > 0);

const audio = (page: Page) =>
  page.evaluate(() => {
    const element = (window as unknown as Watched).__audio;
    return element
      ? { src: element.src, time: element.currentTime, paused: element.paused, muted: element.muted }
      : null;
  });

/** Calls the page's Media Session handler for `action`, as the lock screen would. */
const callHandler = (page: Page, action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) =>
  page.evaluate(callMediaSessionHandler, { action, details });

const player = (page: Page) => page.locator('section.player');
const currentTrack = (page: Page) => player(page).locator('.player-track[aria-current="true"]');
const playButton = (page: Page) => player(page).locator('.player-play');

/** Plays track `number` (1 is the first) from the list, then pauses it at `seconds` through the lock screen. */
async function pauseAt(page: Page, number: number, seconds: number): Promise<void> {
  await player(page)
    .locator('.player-track')
    .nth(number - 1)
    .click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(false);
  await player(page).getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audio(page))?.paused).toBe(true);
  await callHandler(page, 'seekto', { seekTime: seconds });
  await expect.poll(async () => (await audio(page))?.time).toBe(seconds);
}

/**
 * Shares track 2 at its second 2 from the release page of the build at `origin`, checks the
 * copied link with `expectLink`, opens it in a new visit and plays from there with one tap.
 */
async function shareAndReopen(origin: string, expectLink: (link: URL) => void): Promise<void> {
  const { page, problems } = await openListening(RELEASE, {}, origin);
  await pauseAt(page, 2, 2);
  await player(page).getByRole('button', { name: 'Share this moment' }).click();
  await expect
    .poll(() => player(page).locator('.player-share-status').textContent())
    .toBe('Link to this moment copied');
  const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(link.origin).toBe(origin);
  expectLink(link);
  const title = await currentTrack(page).textContent();
  await page.context().close();

  const opened = await openListening(`${link.pathname}${link.search}`, {}, origin);
  const other = opened.page;
  expect(await currentTrack(other).textContent()).toBe(title);
  await expect.poll(() => other.locator('.player-seek').inputValue()).toBe('2');
  await expect.poll(async () => (await audio(other))?.time).toBe(2);
  expect((await audio(other))?.paused).toBe(true);
  await playButton(other).click();
  await expect.poll(async () => (await audio(other))?.paused).toBe(false);
  expect((await audio(other))?.time).toBeGreaterThanOrEqual(2);
  expect([...problems.errors, ...opened.problems.errors]).toEqual([]);
  await other.context().close();
}

describe('a shared moment', () => {
  it('copies a link to the track’s own page at its second, which opens there and plays from there with one tap', () =>
    shareAndReopen(trackPagesUrl, (link) => {
      expect(link.pathname).toMatch(new RegExp(`^${RELEASE}/[a-z0-9-]+$`));
      expect(link.search).toBe('?t=2');
    }));

  it('names the release page and the track where the track has no page of its own', () =>
    shareAndReopen(baseUrl, (link) => {
      expect(`${link.pathname}${link.search}`).toBe(`${RELEASE}?track=2&t=2`);
    }));

  it('hands the link to the system share sheet where there is one', async () => {
    const { page } = await openListening(RELEASE);
    // Chromium on Linux has no share sheet: a stand-in records what the page gives it.
    await page.evaluate(() => {
      const win = window as unknown as { __shared?: ShareData };
      navigator.share = (data?: ShareData) => {
        win.__shared = data ?? {};
        return Promise.resolve();
      };
    });
    await pauseAt(page, 1, 1);
    await player(page).getByRole('button', { name: 'Share this moment' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared?.url))
      .toBe(`${baseUrl}${RELEASE}?track=1&t=1`);
    expect(await player(page).locator('.player-share-status').textContent()).toBe('');
    await page.context().close();
  });

  it('shows the link to copy by hand when the clipboard refuses it', async () => {
    const { page } = await openListening(RELEASE);
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    await pauseAt(page, 1, 1);
    await player(page).getByRole('button', { name: 'Share this moment' }).click();
    const status = player(page).locator('.player-share-status');
    await expect.poll(() => status.textContent()).toBe(`Could not copy the link: ${baseUrl}${RELEASE}?track=1&t=1`);
    expect(await status.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => status.textContent()).toBe('');
    await page.context().close();
  });

  it('ignores a hostile track and moment: the page offers its playlist as usual', async () => {
    const { page, problems } = await openListening(`${RELEASE}?track=..%2F..%2Fetc%2Fpasswd&t=-1e309`);
    expect(await player(page).getAttribute('data-status')).toBe('offered');
    expect(await player(page).locator('.player-seek').inputValue()).toBe('0');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the keyboard', () => {
  it('plays, pauses, seeks, changes track and mutes, with the focus on the page', async () => {
    const { page } = await openListening(RELEASE);
    await page.keyboard.press('k');
    await expect.poll(async () => (await audio(page))?.paused).toBe(false);
    // The player says it plays once the element has said so; k then pauses.
    await page.locator('section.player[data-playing="true"]').waitFor();
    await page.keyboard.press('k');
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    await callHandler(page, 'seekto', { seekTime: 2.5 });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audio(page))?.time).toBe(0);
    await callHandler(page, 'seekto', { seekTime: 2.5 });
    await page.keyboard.press('j');
    await expect.poll(async () => (await audio(page))?.time).toBe(0);

    const first = await currentTrack(page).textContent();
    await page.keyboard.press('Shift+N');
    await expect.poll(() => currentTrack(page).textContent()).not.toBe(first);
    await page.keyboard.press('Shift+P');
    await expect.poll(() => currentTrack(page).textContent()).toBe(first);

    await page.keyboard.press('m');
    await expect.poll(async () => (await audio(page))?.muted).toBe(true);
    await expect.poll(() => player(page).locator('[aria-live]').filter({ hasText: 'Sound off' }).count()).toBe(1);
    await page.keyboard.press('m');
    await expect.poll(async () => (await audio(page))?.muted).toBe(false);
    await page.context().close();
  });

  it('works beside a hero key’s open panel on a desktop', async () => {
    const { page } = await openListening('/en');
    await page
      .locator('.keyboard')
      .getByRole('button', { name: /^Cocktail Nº1/ })
      .click();
    await page.locator('section.player[data-playing="true"]').waitFor();
    await page.keyboard.press('k');
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    await page.context().close();
  });

  it('does nothing while typing in the contact form', async () => {
    const { page } = await openListening('/en');
    const field = page.locator('#contact input:not([type=hidden]), #contact textarea').first();
    await field.scrollIntoViewIfNeeded();
    // The form hydrates once in view; what is typed before that, React would clear.
    await page.locator('.contact-send:enabled').waitFor();
    await field.click();
    await page.keyboard.type('kjlm ?');
    await page.keyboard.press('Shift+N');
    expect(await field.inputValue()).toBe('kjlm ?N');
    // Nothing loaded into the audio, nothing playing, no help opened.
    expect(await audio(page)).toMatchObject({ src: '', paused: true, muted: false });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('? opens the help, focus inside and axe clean; Escape closes it and gives the focus back', async () => {
    const { page } = await openListening(RELEASE, { reducedMotion: 'reduce' });
    await player(page).getByRole('button', { name: 'Next track' }).focus();
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.locator('kbd').count()).toBeGreaterThanOrEqual(9);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The shortcuts rest while the help is open.
    await page.keyboard.press('k');
    expect(await audio(page)).toMatchObject({ src: '', paused: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Next track');
    await page.context().close();
  });
});

describe('shuffle, repeat and the position', () => {
  it('keeps shuffle and repeat across a reload and a page change', async () => {
    const { page } = await openListening(RELEASE);
    await player(page).getByRole('button', { name: 'Shuffle' }).click();
    await player(page).getByRole('button', { name: 'Repeat: all tracks' }).click();
    const check = async () => {
      expect(await player(page).getByRole('button', { name: 'Shuffle' }).getAttribute('aria-pressed')).toBe('true');
      const repeat = player(page).getByRole('button', { name: 'Repeat: this track' });
      expect(await repeat.getAttribute('aria-pressed')).toBe('true');
    };
    await check();
    await page.reload();
    await enhanced(page);
    await setUp(page);
    await check();
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/en/music/cocktail-n2';
      link.textContent = 'next release';
      document.body.append(link);
      link.click();
    });
    await page.waitForURL(`${baseUrl}/en/music/cocktail-n2`);
    await check();
    await page.context().close();
  });

  it('resumes the track where it was after a reload, saved on pause and on leaving', async () => {
    const { page } = await openListening(RELEASE);
    await pauseAt(page, 3, 1);
    const title = await currentTrack(page).textContent();
    // Moved while paused: only leaving the page saves this one.
    await callHandler(page, 'seekto', { seekTime: 2 });
    await page.reload();
    await enhanced(page);
    await setUp(page);
    expect(await currentTrack(page).textContent()).toBe(title);
    await expect.poll(() => player(page).locator('.player-seek').inputValue()).toBe('2');
    await expect.poll(async () => (await audio(page))?.time).toBe(2);
    await page.context().close();
  });
});

describe('the lock screen (Media Session)', () => {
  it('moves the audio with seekto, seekforward, seekbackward and changes track, and sets the position', async () => {
    const { page } = await openListening(RELEASE);
    await pauseAt(page, 1, 0.5);
    await callHandler(page, 'seekforward', { seekOffset: 2 });
    await expect.poll(async () => (await audio(page))?.time).toBe(2.5);
    await callHandler(page, 'seekbackward');
    await expect.poll(async () => (await audio(page))?.time).toBe(0);
    // The lock screen is told once the element has seeked, an event after its time changed.
    await expect
      .poll(async () => (await page.evaluate(mediaSessionPositions)).at(-1))
      .toMatchObject({ position: 0, playbackRate: 1 });
    const positions = await page.evaluate(mediaSessionPositions);
    expect(positions.every((state) => (state.duration ?? 0) > 0)).toBe(true);

    const first = await currentTrack(page).textContent();
    await callHandler(page, 'nexttrack');
    await expect.poll(() => currentTrack(page).textContent()).not.toBe(first);
    await callHandler(page, 'previoustrack');
    await expect.poll(() => currentTrack(page).textContent()).toBe(first);
    await callHandler(page, 'pause');
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    await callHandler(page, 'play');
    await expect.poll(async () => (await audio(page))?.paused).toBe(false);
    await page.context().close();
  });
});
