/** The home page's videos and poems: the carousels (200 px steps, 5 px edge tolerance) and their dialogs. */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, openForEachTest, openPage, PHONE, useBrowser, type PageErrors } from './browser.ts';
import {
  carousel,
  fadedIn,
  hydrated,
  isFocused,
  LOCALES,
  longDate,
  POEMS,
  scrollLeft,
  t,
  VIDEOS,
  type Lang,
  type Poem,
  type Video,
} from './home-helpers.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const embedUrl = (video: Video) => `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1`;
const openDialogs = (page: Page) => page.locator('dialog[open]');

/** The carousel's parts: its cards, its track and its two buttons. */
function parts(page: Page, lang: Lang, section: 'videos' | 'poems') {
  const group = carousel(page, lang, section);
  return {
    group,
    track: group.locator('.carousel-track'),
    cards: group.locator('.carousel-track > li').getByRole('button'),
    previous: group.getByRole('button', { name: t(lang, 'previous'), exact: true }),
    next: group.getByRole('button', { name: t(lang, 'next'), exact: true }),
  };
}

/** Puts the track at `left` as a visitor's swipe would, firing a scroll event. */
async function scrollTrackTo(track: Locator, left: number | 'end') {
  await track.evaluate((node, to) => {
    node.scrollLeft = to === 'end' ? node.scrollWidth : to;
  }, left);
}

async function expectButtons(previous: Locator, next: Locator, state: { previous: boolean; next: boolean }) {
  await expect
    .poll(async () => ({ previous: await previous.isEnabled(), next: await next.isEnabled() }))
    .toEqual(state);
}

/** The card of a video, by its title (the card's accessible name). */
/** A video's card, by its whole title: one title can begin another's ('Return with the Cocktail'). */
/** Opens the dialog of `card`, named `title`, checks it with axe once it has faded in, and closes it. */
async function expectAccessibleDialog(card: Locator, title: string): Promise<void> {
  const page = card.page();
  await card.click();
  await page.getByRole('dialog', { name: title, exact: true }).waitFor();
  await fadedIn(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect.poll(() => openDialogs(page).count()).toBe(0);
}

const videoCard = (page: Page, lang: Lang, video: Video) =>
  parts(page, lang, 'videos').cards.filter({ has: page.getByText(video.title, { exact: true }) });

describe.each([
  ['phone', 'pt'],
  ['desktop', 'en'],
] as const)('the carousels on a %s, in %s, under reduced motion', (size, lang) => {
  const viewport = size === 'phone' ? PHONE : DESKTOP;
  let page: Page;
  let problems: PageErrors;
  openForEachTest(
    browser,
    `${baseUrl}/${lang}`,
    { viewport, locale: LOCALES[lang], reducedMotion: 'reduce' },
    async (opened) => {
      ({ page, problems } = opened);
      await hydrated(parts(page, lang, 'videos').next);
      await hydrated(parts(page, lang, 'poems').next);
    },
  );
  // Every test: outside this machine, only the video player a test opened.
  afterEach(() => {
    const hosts = new Set(problems.external.map((url) => new URL(url).hostname));
    expect([...hosts].filter((host) => host !== 'www.youtube-nocookie.com')).toEqual([]);
  });

  describe('videos', () => {
    it('shows every video as a card with the site’s own thumbnail, loaded lazily', async () => {
      const { cards } = parts(page, lang, 'videos');
      expect(await cards.count()).toBe(VIDEOS.length);
      const shown = await cards.evaluateAll((nodes) =>
        nodes.map((node) => {
          const img = node.querySelector('img');
          return {
            title: node.textContent.trim(),
            src: img?.getAttribute('src'),
            width: Number(img?.getAttribute('width')),
            height: Number(img?.getAttribute('height')),
            loading: img?.getAttribute('loading'),
            alt: img?.getAttribute('alt'),
          };
        }),
      );
      const byTitle = [...shown].sort((a, b) => a.title.localeCompare(b.title));
      // One version for them all, in every URL.
      const version = /^\/thumbs\/[\w-]{11}\.([0-9a-f]{10})\.webp$/.exec(shown[0]?.src ?? '')?.[1];
      expect(version).toBeDefined();
      const expected = VIDEOS.map((video) => ({
        title: video.title,
        src: `/thumbs/${video.id}.${String(version)}.webp`,
        width: 480,
        height: 360,
        loading: 'lazy',
        // Decorative: the card is named by the title next to it.
        alt: '',
      })).sort((a, b) => a.title.localeCompare(b.title));
      expect(byTitle).toEqual(expected);
      // Each one a real 480x360 WebP of the site, cached for good.
      for (const { src } of expected) {
        const response = await page.request.get(`${baseUrl}${src}`);
        expect([response.status(), response.headers()['content-type']], src).toEqual([200, 'image/webp']);
        expect(response.headers()['cache-control'], src).toContain('immutable');
        const { format, width, height } = await sharp(await response.body()).metadata();
        expect({ format, width, height }, src).toEqual({ format: 'webp', width: 480, height: 360 });
      }
    });

    it('lists the videos in the order of content/videos.json', async () => {
      const titles = await parts(page, lang, 'videos').cards.evaluateAll((nodes) =>
        nodes.map((node) => node.textContent.trim()),
      );
      expect(titles).toEqual(VIDEOS.map((video) => video.title));
    });

    it('previous is disabled at the start, next moves on, and next is disabled within 5 px of the end', async () => {
      const { track, previous, next } = parts(page, lang, 'videos');
      await scrollTrackTo(track, 0);
      await expectButtons(previous, next, { previous: false, next: true });

      await next.click();
      const afterNext = await scrollLeft(track);
      expect(afterNext).toBeGreaterThanOrEqual(200);
      await expectButtons(previous, next, { previous: true, next: true });
      await previous.click();
      expect(await scrollLeft(track)).toBeLessThan(afterNext);
      await scrollTrackTo(track, 0);
      await expectButtons(previous, next, { previous: false, next: true });

      await scrollTrackTo(track, 'end');
      await expectButtons(previous, next, { previous: true, next: false });
      // Within 5 px of an end still counts as the end; 8 px does not.
      const end = await track.evaluate((node) => node.scrollWidth - node.clientWidth);
      await scrollTrackTo(track, end - 4);
      await expectButtons(previous, next, { previous: true, next: false });
      await scrollTrackTo(track, end - 8);
      await expectButtons(previous, next, { previous: true, next: true });
      await scrollTrackTo(track, 4);
      await expectButtons(previous, next, { previous: false, next: true });
      await scrollTrackTo(track, 8);
      await expectButtons(previous, next, { previous: true, next: true });
      await scrollTrackTo(track, 0);
    });

    it('next and previous scroll the track by exactly 200 px', async () => {
      const { track, previous, next } = parts(page, lang, 'videos');
      await scrollTrackTo(track, 0);
      try {
        await next.click();
        expect(await scrollLeft(track)).toBe(200);
        await next.click();
        expect(await scrollLeft(track)).toBe(400);
        await previous.click();
        expect(await scrollLeft(track)).toBe(200);
      } finally {
        await scrollTrackTo(track, 0);
      }
    });

    const middle = Math.floor(VIDEOS.length / 2);
    it.each([
      ['the X button', 0],
      ['Escape', middle],
      ['a click on the overlay', VIDEOS.length - 1],
    ] as const)('a card opens its video, autoplaying; %s closes it and removes the player', async (how, index) => {
      const video = VIDEOS[index] as Video;
      const card = videoCard(page, lang, video);
      await card.click();
      const dialog = page.getByRole('dialog', { name: video.title, exact: true });
      await dialog.waitFor();
      expect(await openDialogs(page).count()).toBe(1);
      expect(await dialog.locator('iframe').getAttribute('src')).toBe(embedUrl(video));
      expect(await dialog.locator('iframe').getAttribute('title')).toBe(video.title);

      if (how === 'the X button') {
        await dialog.getByRole('button', { name: t(lang, 'close'), exact: true }).click();
      } else if (how === 'Escape') {
        await page.keyboard.press('Escape');
      } else {
        const box = await dialog.boundingBox();
        // The corner of the viewport lies outside the dialog's box, on the overlay.
        expect(box && box.x > 4 && box.y > 4).toBe(true);
        await page.mouse.click(2, 2);
      }
      await expect.poll(() => openDialogs(page).count()).toBe(0);
      // The player leaves with the render after the dialog's close, which a busy machine can delay.
      await expect.poll(() => page.locator('#video-dialog iframe').count()).toBe(0);
      await expect.poll(() => isFocused(card)).toBe(true);
    });

    it('opened without a network, says so in the player’s place and brings the player when the network is back', async () => {
      const video = VIDEOS[0] as Video;
      const dialog = page.getByRole('dialog', { name: video.title, exact: true });
      await page.context().setOffline(true);
      try {
        await videoCard(page, lang, video).click();
        await dialog.waitFor();
        const status = dialog.getByRole('status');
        expect(await status.textContent()).toBe(t(lang, 'videoOffline'));
        expect(await dialog.locator('iframe').count()).toBe(0);
        // The line fills the player's box, so the dialog keeps its size.
        const [frame, line] = await Promise.all([dialog.locator('.video-frame').boundingBox(), status.boundingBox()]);
        expect(line).toEqual(frame);
      } finally {
        await page.context().setOffline(false);
      }
      await dialog.locator('iframe').waitFor();
      expect(await dialog.locator('iframe').getAttribute('src')).toBe(embedUrl(video));
      expect(await dialog.getByRole('status').count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => openDialogs(page).count()).toBe(0);
    });

    it('a click inside the dialog’s box does not close it', async () => {
      const video = VIDEOS[1] as Video;
      await videoCard(page, lang, video).click();
      const dialog = page.getByRole('dialog', { name: video.title, exact: true });
      await dialog.getByRole('heading', { name: video.title }).click();
      expect(await openDialogs(page).count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => openDialogs(page).count()).toBe(0);
    });

    it('has no axe violations with a video dialog open', async () => {
      const video = VIDEOS[2] as Video;
      await expectAccessibleDialog(videoCard(page, lang, video), video.title);
    });
  });

  describe('poems', () => {
    it.each(POEMS.map((poem) => [poem.title, poem] as const))(
      '“%s” opens with its title, localised date after Published At, and its line breaks',
      async (_title, poem: Poem) => {
        const expectedDate = longDate(poem.published, lang);
        const card = parts(page, lang, 'poems').cards.filter({ hasText: poem.title });
        expect(await card.textContent()).toContain(expectedDate);
        await card.click();
        const dialog = page.getByRole('dialog', { name: poem.title, exact: true });
        await dialog.waitFor();
        expect(await openDialogs(page).count()).toBe(1);
        expect(await dialog.getByRole('heading', { name: poem.title, exact: true }).count()).toBe(1);
        expect(await dialog.getByText(`${t(lang, 'publishedAt')} ${expectedDate}`, { exact: true }).isVisible()).toBe(
          true,
        );
        // Each line of the text on a line of its own, as the artist wrote them.
        const text = await dialog.locator('.poem-text').innerText();
        expect(
          text
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        ).toEqual(poem.lines);
        await dialog.getByRole('button', { name: t(lang, 'close'), exact: true }).click();
        await expect.poll(() => openDialogs(page).count()).toBe(0);
        expect(await page.locator('#poem-dialog article').count()).toBe(0);
      },
    );

    it('has a card per poem; the buttons follow the track as the window is resized', async () => {
      const { cards, track, previous, next } = parts(page, lang, 'poems');
      expect(await cards.count()).toBe(POEMS.length);
      await scrollTrackTo(track, 0);
      // Wide: as many poems as the artist has written fit (three do), or next leads to the others.
      await page.setViewportSize(DESKTOP);
      const overflows = await track.evaluate((node) => node.scrollWidth - node.clientWidth > 5);
      await expectButtons(previous, next, { previous: false, next: overflows });
      // Phone-wide: they overflow again.
      await page.setViewportSize(PHONE);
      await scrollTrackTo(track, 0);
      await expectButtons(previous, next, { previous: false, next: true });
      await next.click();
      await expectButtons(previous, next, { previous: true, next: true });
      await scrollTrackTo(track, 'end');
      await expectButtons(previous, next, { previous: true, next: false });
      await scrollTrackTo(track, 0);
      await page.setViewportSize(viewport);
    });

    it('has no axe violations with a poem dialog open', async () => {
      const poem = POEMS[0] as Poem;
      await expectAccessibleDialog(parts(page, lang, 'poems').cards.filter({ hasText: poem.title }), poem.title);
    });
  });
});

describe('the poems in es', () => {
  it('show their dates in Spanish, after “Publicado el”, with smooth motion fading out', async () => {
    const lang = 'es';
    const { page, problems } = await openPage(browser(), { viewport: PHONE, locale: LOCALES[lang] });
    await page.goto(`${baseUrl}/${lang}`);
    const { cards, next } = parts(page, lang, 'poems');
    await hydrated(next);
    for (const poem of POEMS) {
      const card = cards.filter({ hasText: poem.title });
      await card.click();
      const dialog = page.getByRole('dialog', { name: poem.title, exact: true });
      await dialog.waitFor();
      expect(await dialog.locator('.poem-date').textContent()).toBe(
        `${t(lang, 'publishedAt')} ${longDate(poem.published, lang)}`,
      );
      await page.keyboard.press('Escape');
      // Still there while it fades, then gone.
      expect(await openDialogs(page).count()).toBe(1);
      await expect.poll(() => openDialogs(page).count()).toBe(0);
    }
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});

describe('a poem whose text is slow to come, or does not come', () => {
  const lang = 'pt';
  const poem = POEMS[0] as Poem;

  /** Opens the home page with `/poems.<version>.json` answered by `handle`, and clicks the first poem. */
  async function openPoem(handle: Parameters<Page['route']>[1]) {
    const opened = await openPage(browser(), { viewport: PHONE, locale: LOCALES[lang] });
    await opened.page.route(/\/poems\.[0-9a-f]{10}\.json$/, handle);
    await opened.page.goto(`${baseUrl}/${lang}`);
    const { cards, next } = parts(opened.page, lang, 'poems');
    await hydrated(next);
    await cards.filter({ hasText: poem.title }).click();
    const dialog = opened.page.getByRole('dialog', { name: poem.title, exact: true });
    await dialog.waitFor();
    return { ...opened, dialog };
  }

  it('says the text is on its way, then shows it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { page, problems, dialog } = await openPoem(async (route) => {
      await held;
      await route.continue();
    });
    try {
      await expect.poll(() => dialog.getByRole('status').textContent()).toBe(t(lang, 'poemLoading'));
      release();
      expect((await dialog.locator('.poem-text').innerText()).split('\n').length).toBeGreaterThan(4);
      expect(await dialog.getByRole('status').count()).toBe(0);
      expect(problems.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('says the text could not come, and brings it when asked again', async () => {
    let failing = true;
    const { page, problems, dialog } = await openPoem(async (route) => {
      if (failing) await route.fulfill({ status: 503 });
      else await route.continue();
    });
    try {
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(t(lang, 'poemFailed'));
      expect(problems.errors.some((error) => error.includes('Erro ao carregar os poemas'))).toBe(true);
      failing = false;
      await dialog.getByRole('button', { name: t(lang, 'retry'), exact: true }).click();
      expect((await dialog.locator('.poem-text').innerText()).split('\n').length).toBeGreaterThan(4);
      expect(await dialog.getByRole('alert').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
