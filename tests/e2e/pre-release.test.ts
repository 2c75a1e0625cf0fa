/**
 * A release dated in the future, in a copy of the project built for real and served by the
 * real server: its page is the pre-release one (the moment in the visitor's time zone, the
 * countdown, the pre-save buttons, the teaser) and, with the browser's clock moved past the
 * moment, it shows the release's own page by itself. A release whose moment has passed gets
 * its normal page from the build.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { HTML_LANGS } from '../../src/lib/languages.ts';
import { formatReleaseMoment } from '../../src/lib/pre-release.ts';
import { parseReleaseMoments, RELEASE_MOMENTS_FILE } from '../../src/lib/withheld-music.ts';
import { axeViolations, enhanced, openPage, openWithoutJavaScript, useBrowser } from './browser.ts';
import { t } from './home-helpers.ts';
import { FIXTURE_TRACK, PASSED, PRE_SAVE, TEASER, UPCOMING } from './pre-release-site.ts';

const DAY = 86_400_000;
const browser = useBrowser();
const site = inject('preRelease');

/** The countdown's numbers as shown, by unit. */
async function countdown(page: Page): Promise<Record<string, string>> {
  const shown = await page.$$eval('[data-unit]', (boxes) =>
    boxes.map((box): [string, string] => [
      box.getAttribute('data-unit') ?? '',
      box.firstElementChild?.textContent ?? '',
    ]),
  );
  return Object.fromEntries(shown);
}

/** Opens the upcoming release's page with the browser's clock fixed `before` ms before the moment. */
async function openUpcoming(lang: string, before: number, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser(), { timezoneId: 'Asia/Tokyo', ...options });
  await opened.page.clock.setFixedTime(site.instant - before);
  await opened.page.goto(`${site.url}/${lang}/music/${UPCOMING.slug}`);
  await enhanced(opened.page);
  return opened;
}

const LEFT = ((2 * 24 + 3) * 60 + 4) * 60_000 + 5_000;

describe('a release still to come', () => {
  it.each(['pt', 'en', 'es'] as const)(
    'in %s, shows the moment in the visitor’s zone, the countdown and the pre-save buttons',
    async (lang) => {
      const { page, problems } = await openUpcoming(lang, LEFT);
      await expect.poll(() => countdown(page)).toEqual({ day: '2', hour: '3', minute: '4', second: '5' });
      expect(await page.textContent('[data-release-moment]')).toBe(
        formatReleaseMoment(site.moment, HTML_LANGS[lang], 'Asia/Tokyo'),
      );
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(UPCOMING.title);
      expect(await page.isVisible('[data-released-content]')).toBe(false);
      expect(await page.getByRole('timer').count()).toBe(1);
      const preSave = await page.$$eval('a[data-pre-save]', (links) =>
        links.map((link) => [link.getAttribute('data-pre-save'), link.getAttribute('href')]),
      );
      expect(Object.fromEntries(preSave)).toEqual(PRE_SAVE);
      // Search engines read the release as published at its moment, still to come.
      const album = await page.$$eval('script[type="application/ld+json"]', (scripts) =>
        scripts.map((script) => JSON.parse(script.textContent) as { '@type': string; datePublished?: string }),
      );
      expect(album.find((document) => document['@type'] === 'MusicAlbum')?.datePublished).toBe(site.moment);
      // Nothing announced on arrival: the countdown is on screen.
      expect(await page.textContent('[data-pre-release-announce]')).toBe('');
      expect(problems.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('switches to the release’s own page at the moment, telling a screen reader only at the minute and then', async () => {
    const { page, problems } = await openUpcoming('en', LEFT);
    await expect.poll(() => countdown(page)).toEqual({ day: '2', hour: '3', minute: '4', second: '5' });
    await page.clock.setFixedTime(site.instant - 30_000);
    await expect.poll(() => countdown(page)).toEqual({ day: '0', hour: '0', minute: '0', second: '30' });
    expect(await page.textContent('[data-pre-release-announce]')).toMatch(new RegExp(UPCOMING.title));
    const minuteLeft = await page.textContent('[data-pre-release-announce]');
    await page.locator('a[data-pre-save="spotify"]').focus();
    await page.clock.setFixedTime(site.instant + 1_000);
    await page.waitForSelector('[data-pre-release]', { state: 'detached' });
    expect(await page.isVisible('[data-released-content]')).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(UPCOMING.title);
    expect(await page.getByRole('heading', { name: t('en', 'music:listen') }).isVisible()).toBe(true);
    const announced = await page.textContent('[data-pre-release-announce]');
    expect(announced).toMatch(new RegExp(UPCOMING.title));
    expect(announced).not.toBe(minuteLeft);
    // The focus stays on the page: on its heading, where the pre-save button was.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('counts down on a page the router shows, coming from the discography', async () => {
    const { page, problems } = await openPage(browser());
    await page.clock.setFixedTime(site.instant - LEFT);
    await page.goto(`${site.url}/en/samebloodscocktail`);
    await enhanced(page);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.click(`a[data-release="${UPCOMING.slug}"]`);
    await page.waitForURL(`${site.url}/en/music/${UPCOMING.slug}`);
    await expect.poll(() => countdown(page)).toEqual({ day: '2', hour: '3', minute: '4', second: '5' });
    // The same document: Astro's router changed the page in place.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('opened after its moment, before the site is built again, shows the release’s own page', async () => {
    const { page } = await openUpcoming('pt', -DAY);
    await page.waitForSelector('[data-pre-release]', { state: 'detached' });
    expect(await page.isVisible('[data-released-content]')).toBe(true);
    await page.context().close();
  });

  it('is clean for axe, and fits a 320 px screen', async () => {
    const { page } = await openUpcoming('pt', LEFT, { viewport: { width: 320, height: 640 } });
    await expect.poll(() => countdown(page)).toMatchObject({ day: '2' });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.context().close();
  });

  it('fills the countdown and wakes the page without moving anything on it', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 320, height: 640 } });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.clock.setFixedTime(site.instant - LEFT);
    await page.goto(`${site.url}/pt/music/${UPCOMING.slug}`);
    await enhanced(page);
    await expect.poll(() => countdown(page)).toMatchObject({ day: '2' });
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await page.context().close();
  });

  it('without motion, counts in minutes: no number changes every second', async () => {
    const { page } = await openUpcoming('en', LEFT, { reducedMotion: 'reduce' });
    await expect.poll(() => countdown(page)).toMatchObject({ minute: '4' });
    expect(await page.isVisible('[data-unit="second"]')).toBe(false);
    await page.context().close();
  });

  it('plays the teaser on demand, from the privacy-enhanced player', async () => {
    const { page } = await openUpcoming('es', LEFT);
    await page.getByRole('link', { name: t('es', 'music:upcoming.teaser') }).click();
    const frame = page.locator('.pre-release-teaser iframe');
    expect(await frame.getAttribute('src')).toMatch(
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${TEASER}`),
    );
    expect(await frame.getAttribute('title')).toMatch(new RegExp(UPCOMING.title));
    await page.context().close();
  });
});

describe('its tracks', () => {
  it('get no page and no lyrics before its moment, while a release already out has both', async () => {
    // An address the build has no page for is sent to the home page.
    const upcoming = await fetch(`${site.url}/en/music/${UPCOMING.slug}/${FIXTURE_TRACK.slug}`, { redirect: 'manual' });
    expect([302, 404]).toContain(upcoming.status);
    const passed = await fetch(`${site.url}/en/music/${PASSED.slug}/${FIXTURE_TRACK.slug}`, { redirect: 'manual' });
    expect(passed.status).toBe(200);
    expect(await passed.text()).toContain(FIXTURE_TRACK.line);

    const { page } = await openWithoutJavaScript(browser(), `${site.url}/en/music/${UPCOMING.slug}`);
    // The release's own text, hidden until the moment, lists the track without a link or lyrics.
    const list = page.locator('[data-released-content] .release-tracks');
    expect(await list.textContent()).toContain(FIXTURE_TRACK.title);
    expect(await list.locator('a').count()).toBe(0);
    expect(await page.content()).not.toContain(FIXTURE_TRACK.line);
    await page.goto(`${site.url}/en/music/${PASSED.slug}`);
    expect(await page.locator('.release-tracks a').getAttribute('href')).toBe(
      `/en/music/${PASSED.slug}/${FIXTURE_TRACK.slug}`,
    );
    await page.context().close();
  });
});

describe('its music', () => {
  it('is named to the server with its moment, so that its tracks are held back until then', async () => {
    const response = await fetch(`${site.url}/${RELEASE_MOMENTS_FILE}`);
    expect(response.status).toBe(200);
    const dated = parseReleaseMoments(await response.text());
    expect(dated.find((release) => release.title === UPCOMING.title)).toEqual({
      title: UPCOMING.title,
      kind: 'Single',
      playlist: 'Singles',
      tracks: [FIXTURE_TRACK.title],
      releaseAt: site.moment,
    });
  });
});

describe('a release whose moment has passed', () => {
  it('gets its normal page from the build', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${site.url}/en/music/${PASSED.slug}`);
    expect(await page.locator('[data-pre-release]').count()).toBe(0);
    expect(await page.isVisible('[data-released-content]')).toBe(true);
    await page.context().close();
  });
});
