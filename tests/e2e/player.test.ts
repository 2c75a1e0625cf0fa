/**
 * The player in Chromium with the generated demo music (3-second tracks): a real click
 * starts sound, play/pause, next/previous, seeking and volume work, and playback survives a
 * language switch.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, enhanced, holdRequests, openPage, PHONE, useBrowser } from './browser.ts';
import { PLAYER_SET_UP_EVENT } from '../../src/stores/player.ts';
import { fetchPlaylist } from '../../src/lib/playlist-api.ts';
import { LOCALES, t, type Lang } from './home-helpers.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface AudioState {
  currentTime: number;
  duration: number;
  paused: boolean;
  volume: number;
  src: string;
  playingEvents: number;
  /** Times the sound stopped or was reloaded once playing, other than at a track's end. */
  interruptions: number;
}

/**
 * Remembers the media element the page plays, and counts its `playing` events and its
 * interruptions: a pause, or a new source, that no `ended` explains. The demo tracks last 3 s,
 * so a slow machine may well move on to the next track during a test; that is no interruption.
 */
async function openPlayerPage(path: string, viewport = DESKTOP, locale = 'en-US') {
  const opened = await openPage(browser(), { viewport, locale });
  const mediaRequests: string[] = [];
  opened.page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/media/')) mediaRequests.push(request.url());
  });
  await opened.page.addInitScript(() => {
    // Wrapping the method the page calls, to find the element it plays; `this` is that element.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const play = HTMLMediaElement.prototype.play;
    const win = window as unknown as { __audio?: HTMLMediaElement; __playing?: number; __interruptions?: number };
    win.__playing = 0;
    win.__interruptions = 0;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (win.__audio !== this) {
        win.__audio = this;
        let atTrackEnd = true;
        const interrupted = () => {
          if ((win.__playing ?? 0) > 0 && !atTrackEnd) win.__interruptions = (win.__interruptions ?? 0) + 1;
        };
        this.addEventListener('playing', () => {
          win.__playing = (win.__playing ?? 0) + 1;
          atTrackEnd = false;
        });
        this.addEventListener('ended', () => (atTrackEnd = true));
        this.addEventListener('pause', () => {
          if (!this.ended) interrupted();
        });
        this.addEventListener('emptied', interrupted);
      }
      return play.call(this);
    };
  });
  await opened.page.goto(`${baseUrl}${path}`);
  // Page changes keep the player playing once the router has come.
  await enhanced(opened.page);
  // The player hydrates when the browser is idle.
  await opened.page.locator('astro-island[component-url*="Player"]:not([ssr])').first().waitFor({ state: 'attached' });
  return { ...opened, mediaRequests };
}

async function audio(page: Page): Promise<AudioState | null> {
  return page.evaluate(() => {
    const win = window as unknown as { __audio?: HTMLMediaElement; __playing?: number; __interruptions?: number };
    const element = win.__audio;
    if (!element) return null;
    return {
      currentTime: element.currentTime,
      duration: element.duration,
      paused: element.paused,
      volume: element.volume,
      src: element.src,
      playingEvents: win.__playing ?? 0,
      interruptions: win.__interruptions ?? 0,
    };
  });
}

/**
 * The URLs of a track's audio as the API gives them: the original or its AAC (`url`) and the
 * renditions the player may pick from, made absolute like `audio.src`.
 */
async function audioUrlsOf(playlist: string, index: number): Promise<string[]> {
  const track = (await fetchPlaylist(playlist, baseUrl))[index];
  if (!track) throw new Error(`${playlist} has no track ${index + 1}`);
  return [track.url, ...(track.sources ?? []).map((source) => source.url)].map((url) => new URL(url, baseUrl).href);
}

/** Expects the page to play the playlist's track at `index` (0 is the first), in any of its forms. */
async function expectPlaying(page: Page, playlist: string, index: number): Promise<void> {
  expect(await audioUrlsOf(playlist, index)).toContain((await audio(page))?.src);
}

/** Expects the page to play one of the playlist's tracks (the demo playlists have three). */
async function expectPlayingFrom(page: Page, playlist: string): Promise<void> {
  const urls = (await Promise.all([0, 1, 2].map((index) => audioUrlsOf(playlist, index)))).flat();
  expect(urls).toContain((await audio(page))?.src);
}

/**
 * Counts, from now on, the pages whose player has been set up (its restore and offer done);
 * the document stays the same through in-place page changes.
 */
async function countSetUps(page: Page): Promise<() => Promise<number>> {
  await page.evaluate((name) => {
    const win = window as unknown as { __setUps: number };
    win.__setUps = 0;
    document.addEventListener(name, () => (win.__setUps += 1));
  }, PLAYER_SET_UP_EVENT);
  return () => page.evaluate(() => (window as unknown as { __setUps: number }).__setUps);
}

/**
 * Follows a link to `path` as a visitor would, through the router's in-place page change (the
 * pages have no such link of their own), and waits for the new address.
 */
async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((href) => {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'landing';
    document.body.append(link);
    link.click();
  }, path);
  await page.waitForURL(`${baseUrl}${path}`);
}

/** The player region, whatever the page's language. */
const player = (page: Page) => page.locator('section.player');
/** A key of the hero keyboard, by the start of its name (the carousels hold similar names). */
const heroKey = (page: Page, title: string) =>
  page.locator('.keyboard').getByRole('button', { name: new RegExp(`^${title}`) });
const currentTrack = (page: Page) => player(page).locator('.player-track[aria-current="true"]');

/** The English home page once its player plays Quintal, chosen in the Singles playlist. */
async function playingQuintal(): Promise<Page> {
  const { page } = await openPlayerPage('/en');
  await heroKey(page, 'Singles').click();
  await player(page).getByRole('button', { name: 'Play Quintal' }).click();
  await expect.poll(() => currentTrack(page).textContent()).toContain('Quintal');
  return page;
}

describe('the player', () => {
  it('starts from a real click on a hero key: playing fires and time advances', async () => {
    const { page, problems } = await openPlayerPage('/en');
    expect(await page.getByRole('region', { name: 'Audio player' }).count()).toBe(1);
    await heroKey(page, 'Cocktail Nº1').click();
    await expect.poll(async () => (await audio(page))?.playingEvents ?? 0).toBeGreaterThan(0);
    const start = (await audio(page))?.currentTime ?? 0;
    await expect.poll(async () => (await audio(page))?.currentTime ?? 0).toBeGreaterThan(start + 0.3);
    await expectPlaying(page, 'Cocktail Nº1', 0);
    await expect.poll(() => player(page).getByRole('status').textContent()).toBe('Playlist: Cocktail Nº1');
    expect(await player(page).getByRole('button', { name: 'Pause' }).textContent()).toBe('❚❚');
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Primeiro Gole');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('shows the initial, loading and empty texts, translated', async () => {
    const { page } = await openPlayerPage('/pt', DESKTOP, 'pt-BR');
    const status = player(page).getByRole('status');
    expect(await status.textContent()).toBe('Clique em um dos slides');
    expect(await player(page).getByRole('list').textContent()).toBe('Carregando playlist...');

    // Hold the playlist answer to see the loading text.
    const answer = await holdRequests(page, /\/graphql(?:\?|$)/);
    await heroKey(page, 'Cocktail Nº2').click();
    await expect.poll(() => status.textContent()).toBe('Carregando playlist: Cocktail Nº2');
    answer.release();
    await expect.poll(() => status.textContent()).toBe('Playlist: Cocktail Nº2');
    expect(await player(page).getByRole('button', { name: 'Pausar' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('toggles on the loaded playlist; next and previous wrap around', async () => {
    const { page } = await openPlayerPage('/en');
    const controls = player(page);
    await controls.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await audio(page))?.paused).toBe(false);
    expect(await currentTrack(page).textContent()).toContain('Boas-vindas');

    await controls.getByRole('button', { name: 'Previous track' }).click();
    await expect.poll(() => currentTrack(page).textContent()).toContain('Última Dose');
    await expect.poll(async () => (await audio(page))?.paused).toBe(false);
    await controls.getByRole('button', { name: 'Next track' }).click();
    await expect.poll(() => currentTrack(page).textContent()).toContain('Boas-vindas');

    await controls.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    expect(await controls.getByRole('button', { name: 'Play', exact: true }).textContent()).toBe('▶');
    await page.context().close();
  });

  it('tells the lock screen it plays after a real click on play, and that it is paused after pause', async () => {
    const { page } = await openPlayerPage('/en');
    const playbackState = () => page.evaluate(() => navigator.mediaSession.playbackState);
    expect(await playbackState()).toBe('none');
    const controls = player(page);
    await controls.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await audio(page))?.playingEvents ?? 0).toBeGreaterThan(0);
    await expect.poll(playbackState).toBe('playing');
    await controls.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audio(page))?.paused).toBe(true);
    await expect.poll(playbackState).toBe('paused');
    await page.context().close();
  });

  it('plays the next track when one ends', async () => {
    const { page } = await openPlayerPage('/en');
    await player(page).getByRole('button', { name: 'Play', exact: true }).click();
    await player(page).getByRole('button', { name: 'Play Mesmo Sangue' }).click();
    await expect.poll(() => currentTrack(page).textContent()).toContain('Mesmo Sangue');
    await expect.poll(() => currentTrack(page).textContent(), { timeout: 10_000 }).toContain('Última Dose');
    await expect.poll(async () => (await audio(page))?.paused).toBe(false);
    await page.context().close();
  });

  it('seeks by a click on the waveform and by the keyboard, and says where it is, translated', async () => {
    const { page } = await openPlayerPage('/en');
    await player(page).getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await audio(page))?.duration ?? Number.NaN).toBeGreaterThan(0);
    await player(page).getByRole('button', { name: 'Pause' }).click();
    const slider = player(page).getByRole('slider', { name: 'Track progress' });
    // The track's waveform replaces the plain bar once its peaks are fetched.
    const bar = player(page).locator('.player-progress');
    await expect.poll(() => bar.getAttribute('data-waveform')).toBe('true');
    expect(await bar.locator('path').first().getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+h/);

    const box = await slider.boundingBox();
    if (!box) throw new Error('no progress bar');
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const state = await audio(page);
    expect((state?.currentTime ?? 0) / (state?.duration ?? 1)).toBeCloseTo(0.75, 1);
    // The played part of the waveform follows the audio, drawn to scale.
    const played = () =>
      bar.evaluate((element) => {
        const clip = element.querySelector('clipPath rect');
        const box = element.querySelector('svg')?.viewBox.baseVal;
        return Number(clip?.getAttribute('width')) / (box?.width ?? 1);
      });
    await expect.poll(played).toBeCloseTo(0.75, 1);
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0:0\d of 0:0\d$/);

    const before = (await audio(page))?.currentTime ?? 0;
    await slider.press('ArrowLeft');
    await expect.poll(async () => (await audio(page))?.currentTime ?? 0).toBeLessThan(before);
    await slider.press('Home');
    await expect.poll(async () => (await audio(page))?.currentTime).toBe(0);
    await slider.press('End');
    await expect.poll(async () => (await audio(page))?.currentTime ?? 0).toBeGreaterThan((state?.duration ?? 0) - 1);
    await page.context().close();
  });

  it('plays the lightest rendition the browser takes: Opus, or AAC where Opus is refused', async () => {
    const opus = await openPlayerPage('/en');
    await heroKey(opus.page, 'Cocktail Nº1').click();
    await expect.poll(async () => (await audio(opus.page))?.playingEvents ?? 0).toBeGreaterThan(0);
    expect((await audio(opus.page))?.src).toMatch(/\/media\/renditions\/[0-9a-f]{24}\/opus-[0-9a-f]{10}\.webm$/);
    await expectPlaying(opus.page, 'Cocktail Nº1', 0);
    await opus.page.context().close();

    // As Safari in Lockdown Mode: no Opus. Stubbed in the page; the server is the real one.
    const lockdown = await openPlayerPage('/en');
    await lockdown.page.addInitScript(() => {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the element as `this`
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (this: HTMLMediaElement, type: string) {
        return /opus/i.test(type) ? '' : canPlayType.call(this, type);
      };
    });
    await lockdown.page.reload();
    await lockdown.page
      .locator('astro-island[component-url*="Player"]:not([ssr])')
      .first()
      .waitFor({ state: 'attached' });
    await heroKey(lockdown.page, 'Cocktail Nº1').click();
    await expect.poll(async () => (await audio(lockdown.page))?.playingEvents ?? 0).toBeGreaterThan(0);
    expect((await audio(lockdown.page))?.src).toMatch(/\/media\/renditions\/[0-9a-f]{24}\/aac-[0-9a-f]{10}\.m4a$/);
    await lockdown.page.context().close();
  });

  it('keeps the volume within 0 and 1 in steps of 0.1', async () => {
    const { page } = await openPlayerPage('/en');
    const controls = player(page);
    await controls.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(async () => (await audio(page))?.volume).toBe(0.5);
    for (let i = 0; i < 7; i += 1) await controls.getByRole('button', { name: 'Volume up' }).click();
    expect((await audio(page))?.volume).toBe(1);
    expect(await controls.locator('.player-volume-value').textContent()).toBe('100%');
    for (let i = 0; i < 12; i += 1) await controls.getByRole('button', { name: 'Volume down' }).click();
    expect((await audio(page))?.volume).toBe(0);
    await controls.getByRole('button', { name: 'Volume up' }).click();
    expect((await audio(page))?.volume).toBeCloseTo(0.1, 5);
    await page.context().close();
  });

  it('keeps playing across a language switch, and on to the landing page', async () => {
    const { page } = await openPlayerPage('/pt', DESKTOP, 'pt-BR');
    await heroKey(page, 'TTMM').click();
    // Sounding, not only asked to play, so that a stop during the switch would be counted.
    await expect.poll(async () => (await audio(page))?.playingEvents ?? 0).toBeGreaterThan(0);

    await page.getByRole('list', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${baseUrl}/en`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    const afterSwitch = await audio(page);
    expect(afterSwitch?.paused).toBe(false);
    await expectPlayingFrom(page, 'TTMM');
    await expect.poll(() => player(page).getByRole('status').textContent()).toBe('Playlist: TTMM');
    expect((await audio(page))?.interruptions).toBe(0);

    await followLink(page, '/en/spotify');
    expect((await audio(page))?.paused).toBe(false);
    expect(await player(page).getByRole('status').textContent()).toBe('Playlist: TTMM');
    expect((await audio(page))?.interruptions).toBe(0);
    await page.context().close();
  });

  it('is carried, hydrated, into the next page when the language is switched before it has hydrated', async () => {
    const { page, problems } = await openPage(browser(), { viewport: PHONE, locale: 'pt-BR' });
    // The player's code is held until the flag has been clicked, so its island still waits then.
    const playerCode = await holdRequests(page, /\/_astro\/Player\.[^/]*\.js$/);
    await page.goto(`${baseUrl}/pt`);
    // The router has come (after the first paint and the load event); the player's code has not.
    await enhanced(page);
    expect(await player(page).getAttribute('data-hydrated')).toBeNull();
    await page.getByRole('list', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click();
    playerCode.release();
    await page.waitForURL(`${baseUrl}/en`);
    expect(playerCode.count()).toBeGreaterThan(0);
    // Hydrated before the swap (the page change waited for it) and given the new page's texts;
    // React logged nothing.
    await expect.poll(() => player(page).getAttribute('aria-label')).toBe(t('en', 'player:region'));
    expect(await player(page).getAttribute('data-hydrated')).toBe('true');
    await player(page)
      .getByRole('button', { name: t('en', 'player:play'), exact: true })
      .click();
    await expect.poll(() => player(page).getAttribute('data-playing')).toBe('true');
    expect(problems.errors).toEqual([]);
  });

  it('hydrates over music a key started before it, keeping the built HTML', async () => {
    const { page, problems } = await openPage(browser(), { viewport: DESKTOP });
    const playerCode = await holdRequests(page, /\/_astro\/Player\.[^/]*\.js$/);
    await page.goto(`${baseUrl}/en`);
    const key = heroKey(page, 'Cocktail Nº1');
    await expect
      .poll(() => key.evaluate((element) => Object.keys(element).some((name) => name.startsWith('__reactProps'))))
      .toBe(true);
    // The audio is asked for once the store holds the playlist: the state the player will hydrate over.
    const audioAsked = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/media/'));
    await key.click();
    await audioAsked;
    expect(playerCode.count()).toBeGreaterThan(0);
    playerCode.release();
    // Its first render matches the HTML (else React reports its error 418 and redraws it all);
    // the next one shows the music the store already plays.
    await expect.poll(() => player(page).getAttribute('data-hydrated')).toBe('true');
    await expect.poll(() => player(page).getByRole('status').textContent()).toBe('Playlist: Cocktail Nº1');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('restores the playlist and track after a reload, paused', async () => {
    const page = await playingQuintal();
    await page.reload();
    await expect.poll(() => player(page).getByRole('status').textContent()).toBe('Playlist: Singles');
    expect(await currentTrack(page).textContent()).toContain('Quintal');
    expect(await player(page).getByRole('button', { name: 'Play', exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('plays from a tap on a key on a phone, with the key dialog open', async () => {
    const { page } = await openPlayerPage('/en', PHONE);
    await heroKey(page, 'Cocktail Nº2').click();
    await expect.poll(async () => (await audio(page))?.playingEvents ?? 0).toBeGreaterThan(0);
    expect(await page.getByRole('dialog', { name: 'Cocktail Nº2' }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('the player on the landing page', () => {
  const DEFAULT_PLAYLIST = 'Bloods Cocktail';
  const DEFAULT_TRACKS = ['Boas-vindas', 'Mesmo Sangue', 'Última Dose'];

  it.each([
    ['pt', '/pt/spotify'],
    ['en', '/en/samebloodscocktail'],
    ['es', '/es/spotify'],
  ] as [Lang, string][])(
    '%s: offers the default playlist with its tracks, and one tap on play starts it',
    async (lang, path) => {
      const { page, problems, mediaRequests } = await openPlayerPage(path, PHONE, LOCALES[lang]);
      const status = player(page).getByRole('status');
      await expect.poll(() => status.textContent()).toBe(t(lang, 'player:status_offer', { name: DEFAULT_PLAYLIST }));
      const tracks = player(page).getByRole('list', { name: t(lang, 'player:tracklist') });
      await expect
        .poll(() => tracks.getByRole('listitem').allTextContents())
        .toEqual(DEFAULT_TRACKS.map((title, index) => `${index + 1}${t(lang, 'player:play')} ${title}`));
      expect(await player(page).textContent()).not.toContain(t(lang, 'player:status_initial'));
      // Shown, not loaded: no audio is fetched before the visitor asks for it.
      expect(mediaRequests).toEqual([]);
      expect(await audio(page)).toBeNull();

      const play = player(page).getByRole('button', {
        name: t(lang, 'player:playPlaylist', { name: DEFAULT_PLAYLIST }),
        exact: true,
      });
      await play.click();
      await expect.poll(async () => (await audio(page))?.playingEvents ?? 0).toBeGreaterThan(0);
      await expectPlaying(page, DEFAULT_PLAYLIST, 0);
      await expect.poll(() => status.textContent()).toBe(`${t(lang, 'player:playlistLabel')}: ${DEFAULT_PLAYLIST}`);
      expect(await currentTrack(page).textContent()).toContain('Boas-vindas');
      expect(
        await player(page)
          .getByRole('button', { name: t(lang, 'player:pause'), exact: true })
          .isVisible(),
      ).toBe(true);
      expect(problems.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('restores the playlist and track saved on the last visit, paused, instead of the offer', async () => {
    const page = await playingQuintal();
    // A new visit: a full load, nothing carried over from the page before.
    await page.goto(`${baseUrl}/en/samebloodscocktail`);
    await expect.poll(() => player(page).getByRole('status').textContent()).toBe('Playlist: Singles');
    expect(await currentTrack(page).textContent()).toContain('Quintal');
    expect(await player(page).getByRole('button', { name: 'Play', exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows the playlist the visitor was hearing on the home page, still playing', async () => {
    const { page } = await openPlayerPage('/en', DESKTOP, 'en-US');
    await heroKey(page, 'Singles').click();
    await expect.poll(async () => (await audio(page))?.paused).toBe(false);
    const setUp = await countSetUps(page);
    await followLink(page, '/en/samebloodscocktail');
    // The landing page's player has made (or declined) its offer.
    await expect.poll(setUp).toBeGreaterThan(0);
    expect((await audio(page))?.paused).toBe(false);
    await expectPlayingFrom(page, 'Singles');
    expect(await player(page).getByRole('status').textContent()).toBe('Playlist: Singles');
    expect(await player(page).getByRole('button', { name: 'Pause', exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });
});
