/**
 * Lyrics and credits in Chromium, on the build whose media library held the demo music: the
 * player's lyrics dialog while a demo track plays, each track's own page (its head, its
 * JSON-LD, the sitemap), and a release page's credits and folded lyrics. What to expect is
 * read from the content files.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CONSENT_KEY } from '../../src/lib/analytics.ts';
import { isLang } from '../../src/lib/languages.ts';
import { measureLayout } from '../../scripts/layout.ts';
import { axeViolations, enhanced, openPage, openWithoutJavaScript, useBrowser } from './browser.ts';
import { personThenOwnJsonLd } from './json-ld.ts';
import { LANGS, t } from './home-helpers.ts';
import { DEMO_TRACK_TEXTS, shownStanzas, TRANSLATED } from './lyrics-helpers.ts';

/** The build with the demo music as its library (tests/e2e/global-setup.ts): it has the track pages. */
const baseUrl = inject('analyticsUrl');
const browser = useBrowser();
const SITE = 'https://andremourapassos.com';

const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content');

/** The paragraphs of a lyrics block, as the page lays them out. */
const paragraphs = (page: Page, selector: string) =>
  page.locator(`${selector} p`).evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText));

/**
 * A page of that build with the analytics choice already made (its banner would cover the
 * player); the caller then waits for `playButtonReady`.
 */
async function openTrackPage(options: Parameters<typeof openPage>[1], path: string) {
  const opened = await openPage(browser(), options);
  await opened.page.addInitScript((key) => localStorage.setItem(key, 'denied'), CONSENT_KEY);
  await opened.page.goto(`${baseUrl}${path}`);
  return opened;
}

/** Once the router runs and the track's play button is hydrated (a click before does nothing). */
async function playButtonReady(page: Page): Promise<void> {
  await enhanced(page);
  await page.locator('astro-island[component-url*="PlayRelease"]:not([ssr])').waitFor({ state: 'attached' });
}

// The content is the artist's: should he delete the demo track's lyrics, these tests have
// nothing to try, and say so rather than fail.
if (!TRANSLATED)
  console.warn('No demo track has translated lyrics in content/releases/: the lyrics tests are left out.');

describe('the player’s lyrics dialog', () => {
  const track = TRANSLATED;
  if (!track) return;
  const lyrics = track.texts.lyrics ?? '';
  const translations = track.texts.translations ?? {};

  it('opens while the track plays, starts in the page’s language, switches version, closes on Escape', async () => {
    const { page, problems } = await openTrackPage(
      { locale: 'en-US', reducedMotion: 'reduce' },
      `/en/music/${track.releaseSlug}/${track.slug}`,
    );
    await playButtonReady(page);
    await page.locator('button.release-play', { hasText: t('en', 'music:playTrack', { title: track.title }) }).click();
    await page.locator('.player[data-playing="true"]').waitFor();
    const button = page.locator('.player').getByRole('button', { name: t('en', 'player:lyrics'), exact: true });
    await button.click();
    const dialog = page.getByRole('dialog', { name: `${t('en', 'player:lyrics')}: ${track.title}` });
    await dialog.waitFor();
    const text = page.locator('#lyrics-dialog .lyrics-text');
    await text.waitFor();
    // English first: its translation when there is one, else the original.
    const first = translations.en
      ? { text: translations.en, lang: 'en' }
      : { text: lyrics, lang: track.texts.language };
    expect(await paragraphs(page, '#lyrics-dialog .lyrics-text')).toEqual(shownStanzas(first.text));
    expect(await text.getAttribute('lang')).toBe(first.lang);
    expect(await page.locator('.player').getAttribute('data-playing')).toBe('true');

    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('radio', { name: new RegExp(t('en', 'player:lyricsOriginal')) }).check();
    expect(await paragraphs(page, '#lyrics-dialog .lyrics-text')).toEqual(shownStanzas(lyrics));
    expect(await text.getAttribute('lang')).toBe(track.texts.language);
    const other = Object.entries(translations).find(([lang]) => lang !== 'en' && isLang(lang));
    if (other) {
      await dialog.locator(`input[value="${other[0]}"]`).check();
      expect(await paragraphs(page, '#lyrics-dialog .lyrics-text')).toEqual(shownStanzas(other[1]));
    }

    // Focus stays in the dialog: Tab from its last control comes back into it.
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#lyrics-dialog') !== null)).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('has no button for a track without lyrics, and reads at 320 px', async () => {
    const { page } = await openTrackPage(
      { viewport: { width: 320, height: 800 }, reducedMotion: 'reduce' },
      `/pt/music/${track.releaseSlug}/${track.slug}`,
    );
    await playButtonReady(page);
    await page.locator('button.release-play', { hasText: t('pt', 'music:playTrack', { title: track.title }) }).click();
    const button = page.locator('.player-lyrics-button');
    await button.click();
    await page.locator('#lyrics-dialog .lyrics-text').waitFor();
    expect((await measureLayout(page)).problems).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('#lyrics-dialog').waitFor({ state: 'hidden' });
    // A demo track of the playlist without a lyrics file: the button goes while it is current.
    const withLyrics = DEMO_TRACK_TEXTS.filter((other) => other.releaseSlug === track.releaseSlug).map(
      (other) => other.title,
    );
    const titles = await page.locator('.player-track').allInnerTexts();
    const index = titles.findIndex((title) => !withLyrics.some((known) => title.includes(known)));
    expect(index).toBeGreaterThanOrEqual(0);
    await page.locator('.player-track').nth(index).click();
    await button.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe.each(LANGS)('a track’s own page in %s', (lang) => {
  it.each(DEMO_TRACK_TEXTS.map((track) => [track.title, track] as const))(
    '%s: its head, its MusicRecording, its credits and lyrics, in the sitemap',
    async (_title, track) => {
      const path = `/${lang}/music/${track.releaseSlug}/${track.slug}`;
      const { page, response } = await openWithoutJavaScript(browser(), `${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(track.title);

      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${SITE}${path}`);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
      expect(alternates).toEqual([
        ['pt-BR', `${SITE}/pt/music/${track.releaseSlug}/${track.slug}`],
        ['en-US', `${SITE}/en/music/${track.releaseSlug}/${track.slug}`],
        ['es-ES', `${SITE}/es/music/${track.releaseSlug}/${track.slug}`],
        ['x-default', `${SITE}/pt/music/${track.releaseSlug}/${track.slug}`],
      ]);
      expect(await meta(page, 'og:type')).toBe('music.song');
      expect(await meta(page, 'og:url')).toBe(`${SITE}${path}`);
      expect(await meta(page, 'music:duration')).toMatch(/^\d+$/);
      expect(await meta(page, 'music:album')).toBe(`${SITE}/${lang}/music/${track.releaseSlug}`);
      expect(await meta(page, 'music:musician')).toMatch(/^https:\/\//);

      const { own: recording } = await personThenOwnJsonLd(page);
      expect(recording).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'MusicRecording',
        name: track.title,
        url: `${SITE}${path}`,
        inAlbum: {
          '@type': 'MusicAlbum',
          name: track.release.title,
          url: `${SITE}/${lang}/music/${track.releaseSlug}`,
        },
        byArtist: { '@type': 'MusicGroup' },
        recordingOf: { '@type': 'MusicComposition', name: track.title },
      });
      expect(recording?.['duration']).toMatch(/^PT\d+M\d+S$/);
      const composition = recording?.['recordingOf'] as Record<string, unknown>;
      const writers = track.texts.credits?.writtenBy;
      if (writers) {
        const people = writers.map((name) => ({ '@type': 'Person', name }));
        expect(composition['composer']).toEqual(people);
        expect(composition['lyricist']).toEqual(people);
      }
      if (track.texts.lyrics) {
        const words = composition['lyrics'] as Record<string, unknown>;
        expect(words).toMatchObject({
          '@type': 'CreativeWork',
          text: track.texts.lyrics,
          inLanguage: track.texts.language,
        });
        const translated = (words['workTranslation'] as { inLanguage: string; text: string }[] | undefined) ?? [];
        expect(Object.fromEntries(translated.map((work) => [work.inLanguage, work.text]))).toEqual(
          track.texts.translations ?? {},
        );
        // The page's language first: its translation, or the original.
        const first = track.texts.translations?.[lang] ?? track.texts.lyrics;
        expect(await paragraphs(page, '.track-lyrics > .lyrics-text')).toEqual(shownStanzas(first));
      }
      for (const names of Object.values(track.texts.credits ?? {}) as string[][])
        for (const name of names) expect(await page.locator('.track-credits').textContent()).toContain(name);

      const sitemap = await (await fetch(`${baseUrl}/sitemap-0.xml`)).text();
      expect(sitemap).toContain(`<loc>${SITE}${path}</loc>`);
      await page.context().close();
    },
  );
});

describe('a release page with lyrics', () => {
  const track = TRANSLATED;
  if (!track) return;

  it.each(LANGS)('in %s links each track to its page, lists the credits and folds the lyrics', async (lang) => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/${lang}/music/${track.releaseSlug}`);
    const link = page.locator('.release-tracks a', { hasText: track.title });
    expect(await link.getAttribute('href')).toBe(`/${lang}/music/${track.releaseSlug}/${track.slug}`);
    const credits = page.locator('.release-credits');
    expect(await credits.getByRole('heading', { level: 2 }).textContent()).toBe(t(lang, 'music:credits'));
    for (const names of Object.values(track.texts.credits ?? {}) as string[][])
      for (const name of names) expect(await credits.textContent()).toContain(name);
    const details = page.locator('.release-lyrics', { hasText: t(lang, 'music:lyricsOf', { title: track.title }) });
    expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    const text = details.locator(':scope > .track-lyrics > .lyrics-text');
    expect(await text.isVisible()).toBe(false);
    await details.locator(':scope > summary').click();
    expect(await text.isVisible()).toBe(true);
    const first = track.texts.translations?.[lang] ?? track.texts.lyrics ?? '';
    expect(
      await text.locator('p').evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText)),
    ).toEqual(shownStanzas(first));
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
