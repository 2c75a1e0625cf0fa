/**
 * A release dated in the future, in a copy of the project built for real and served by the
 * real server: its page is the pre-release one (the moment in the visitor's time zone, the
 * countdown, the pre-save buttons, the teaser) and, with the browser's clock moved past the
 * moment, it shows the release's own page by itself. A release whose moment has passed gets
 * its normal page from the build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCopy, copyProject } from '../../perf/harness/project-copy.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { HTML_LANGS } from '../../src/lib/languages.ts';
import { formatReleaseMoment, releaseInstant } from '../../src/lib/pre-release.ts';
import { axeViolations, enhanced, openPage, useBrowser } from './browser.ts';
import { t } from './home-helpers.ts';

const DAY = 86_400_000;
/** Three days after the build, to the minute, written in São Paulo's offset as the artist would. */
const MOMENT = new Date(Math.ceil((Date.now() + 3 * DAY) / 60_000) * 60_000 - 3 * 3_600_000)
  .toISOString()
  .replace(/:\d{2}\.\d{3}Z$/, '-03:00');
const INSTANT = releaseInstant(MOMENT) ?? Number.NaN;
const PRE_SAVE = {
  spotify: 'https://distrokid.com/hyperfollow/samebloodscocktail/upcoming',
  'apple-music': 'https://music.apple.com/us/album/upcoming/1?pre-add',
};
const TEASER = 'aqz-KE-bpKQ';

/** A release file as the artist writes one; `releaseAt` decides which page it gets. */
function releaseFile(title: string, releaseAt: string, extra: object = {}) {
  return {
    title,
    kind: 'Single',
    released: releaseAt.slice(0, 7),
    releaseAt,
    playlist: 'Singles',
    description: { pt: `${title} (pt)`, en: `${title} (en)`, es: `${title} (es)` },
    ...extra,
  };
}

const browser = useBrowser();
let copy = '';
let dataDir = '';
let app: FastifyInstance;
let baseUrl = '';

beforeAll(async () => {
  copy = copyProject('pre-release-');
  const releases = join(copy, 'content', 'releases');
  writeFileSync(
    join(releases, 'upcoming-fixture.json'),
    JSON.stringify(releaseFile('Upcoming Fixture', MOMENT, { preSave: PRE_SAVE, teaser: TEASER })),
  );
  writeFileSync(
    join(releases, 'passed-fixture.json'),
    JSON.stringify(releaseFile('Passed Fixture', '2020-01-10T12:00Z')),
  );
  await buildCopy(copy);
  dataDir = mkdtempSync(join(tmpdir(), 'pre-release-data-'));
  app = await buildApp(
    loadConfig({
      ...process.env,
      DIST_DIR: join(copy, 'dist'),
      MEDIA_DIR: join(copy, 'no-music'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    }),
    { watchMedia: false },
  );
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
}, 600_000);

afterAll(async () => {
  await app.close();
  rmSync(copy, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

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
  await opened.page.clock.setFixedTime(INSTANT - before);
  await opened.page.goto(`${baseUrl}/${lang}/music/upcoming-fixture`);
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
        formatReleaseMoment(MOMENT, HTML_LANGS[lang], 'Asia/Tokyo'),
      );
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upcoming Fixture');
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
      expect(album.find((document) => document['@type'] === 'MusicAlbum')?.datePublished).toBe(MOMENT);
      // Nothing announced on arrival: the countdown is on screen.
      expect(await page.textContent('[data-pre-release-announce]')).toBe('');
      expect(problems.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('switches to the release’s own page at the moment, telling a screen reader only at the minute and then', async () => {
    const { page, problems } = await openUpcoming('en', LEFT);
    await expect.poll(() => countdown(page)).toEqual({ day: '2', hour: '3', minute: '4', second: '5' });
    await page.clock.setFixedTime(INSTANT - 30_000);
    await expect.poll(() => countdown(page)).toEqual({ day: '0', hour: '0', minute: '0', second: '30' });
    expect(await page.textContent('[data-pre-release-announce]')).toMatch(/Upcoming Fixture/);
    const minuteLeft = await page.textContent('[data-pre-release-announce]');
    await page.locator('a[data-pre-save="spotify"]').focus();
    await page.clock.setFixedTime(INSTANT + 1_000);
    await page.waitForSelector('[data-pre-release]', { state: 'detached' });
    expect(await page.isVisible('[data-released-content]')).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Upcoming Fixture');
    expect(await page.getByRole('heading', { name: t('en', 'music:listen') }).isVisible()).toBe(true);
    const announced = await page.textContent('[data-pre-release-announce]');
    expect(announced).toMatch(/Upcoming Fixture/);
    expect(announced).not.toBe(minuteLeft);
    // The focus stays on the page: on its heading, where the pre-save button was.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
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
    expect(await frame.getAttribute('title')).toMatch(/Upcoming Fixture/);
    await page.context().close();
  });
});

describe('a release whose moment has passed', () => {
  it('gets its normal page from the build', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/en/music/passed-fixture`);
    expect(await page.locator('[data-pre-release]').count()).toBe(0);
    expect(await page.isVisible('[data-released-content]')).toBe(true);
    await page.context().close();
  });
});
