/**
 * A page per release in every language (its head as search engines and social
 * networks read it, the cover, the platform buttons with their fallbacks, the play button),
 * and the discography on the landing page linking to those pages.
 */
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PLAYLISTS } from '../../scripts/demo-media/generate.ts';
import { FIRST_PAINT_FALLBACK_MS } from '../../src/page-start/first-paint.ts';
import { axeViolations, enhanced, openPage, openWithoutJavaScript, PHONE, useBrowser } from './browser.ts';
import { jsonLdDocuments, personThenOwnJsonLd } from './json-ld.ts';
import { hydrated, LANGS, RELEASES, SITE_SETTINGS, t } from './home-helpers.ts';

const baseUrl = inject('baseUrl');
/** The build whose media library held the demo music (see global-setup.ts). */
const analyticsUrl = inject('analyticsUrl');
const browser = useBrowser();
const SITE = SITE_SETTINGS.siteUrl.replace(/\/$/, '');

/** The newest single by release date: no file names the singles key, which presents it. */
const NEWEST_SINGLE = RELEASES.filter((release) => release.kind === 'Single').reduce((newest, release) =>
  release.released > newest.released ? release : newest,
);

/** Every `url`, `image` and `sameAs` value anywhere in a document that is not an absolute https URL. */
function relativeUrls(value: unknown, key = ''): string[] {
  if (typeof value === 'string')
    return ['url', 'image', 'sameAs'].includes(key) && !/^https:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => relativeUrls(item, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => relativeUrls(item, name));
  return [];
}

const RELEASE_TYPES = { EP: 'EPRelease', Single: 'SingleRelease', Album: 'AlbumRelease' };

describe.each(LANGS)('the structured data of the %s home page', (lang) => {
  it('describes the artist as a Person, and the project as a MusicGroup with its member, profiles and albums', async () => {
    const { page } = await openWithoutJavaScript(browser(), `${baseUrl}/${lang}`);
    const [person, group, ...rest] = await jsonLdDocuments(page);
    expect(rest).toEqual([]);
    expect(person).toMatchObject({ '@context': 'https://schema.org', '@type': 'Person', name: SITE_SETTINGS.artist });
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MusicGroup',
      name: SITE_SETTINGS.project,
      url: `${SITE}/${lang}`,
      member: { '@type': 'Person', name: SITE_SETTINGS.artist, url: SITE },
    });
    expect(group?.['sameAs']).toEqual(SITE_SETTINGS.socials.map((social) => social.href));
    const albums = group?.['album'] as Record<string, unknown>[];
    expect(albums.map((album) => album['url']).sort()).toEqual(
      RELEASES.map((release) => `${SITE}/${lang}/music/${release.slug}`).sort(),
    );
    for (const album of albums) {
      expect(album).toMatchObject({ '@type': 'MusicAlbum' });
      expect(Object.values(RELEASE_TYPES)).toContain(album['albumReleaseType']);
      expect(album['datePublished']).toMatch(/^\d{4}-\d{2}/);
    }
    expect(relativeUrls([person, group])).toEqual([]);
    await page.context().close();
  });
});

describe.each(LANGS)('the release pages in %s', (lang) => {
  it.each(RELEASES.map((release) => [release.slug, release] as const))(
    '%s describes itself as a MusicAlbum by the project, after the Person',
    async (slug, release) => {
      const { page } = await openWithoutJavaScript(browser(), `${baseUrl}/${lang}/music/${slug}`);
      const { person, own: album } = await personThenOwnJsonLd(page);
      expect(album).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'MusicAlbum',
        name: release.title,
        url: `${SITE}/${lang}/music/${slug}`,
        image: `${SITE}/cards/${slug}.jpg`,
        albumReleaseType: RELEASE_TYPES[release.kind],
        datePublished: release.released,
        description: release.description[lang],
        byArtist: { '@type': 'MusicGroup', name: SITE_SETTINGS.project, url: `${SITE}/${lang}` },
      });
      // The tracks are the file's, else the media library's at build time (whatever media/
      // held then): the structured data describes the very list the page shows.
      const fileTracks = (release as { tracks?: { title: string }[] }).tracks;
      const trackCount = (release as { trackCount?: number }).trackCount;
      const shown = await page
        .locator('.release-tracks li')
        .evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ''));
      if (fileTracks) expect(shown).toEqual(fileTracks.map((track) => track.title));
      expect(album?.['numTracks']).toBe(shown.length > 0 ? shown.length : trackCount);
      expect((album?.['track'] as { name: string }[] | undefined)?.map((track) => track.name)).toEqual(
        shown.length > 0 ? shown : undefined,
      );
      expect(relativeUrls([person, album])).toEqual([]);
      await page.context().close();
    },
  );

  it.each(RELEASES.map((release) => [release.slug, release] as const))(
    '%s has its own head: title, description, canonical, hreflang, og:type and a 1200x630 card',
    async (slug, release) => {
      const { page, problems, response } = await openWithoutJavaScript(browser(), `${baseUrl}/${lang}/music/${slug}`);
      expect(response?.status()).toBe(200);
      const meta = (selector: string) => page.getAttribute(selector, 'content');
      expect(await page.title()).toContain(release.title);
      expect(await meta('meta[name="description"]')).toBe(release.description[lang]);
      expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(`${SITE}/${lang}/music/${slug}`);
      const hreflangs = await page.$$eval('link[rel="alternate"][hreflang]', (links) =>
        links.map((link) => `${link.getAttribute('hreflang') ?? ''} ${link.getAttribute('href') ?? ''}`),
      );
      expect(hreflangs.sort()).toEqual(
        [
          `en-US ${SITE}/en/music/${slug}`,
          `es-ES ${SITE}/es/music/${slug}`,
          `pt-BR ${SITE}/pt/music/${slug}`,
          `x-default ${SITE}/pt/music/${slug}`,
        ].sort(),
      );
      expect(await meta('meta[property="og:type"]')).toBe(release.kind === 'Single' ? 'music.song' : 'music.album');
      const releaseDates = await page.$$eval('meta[property="music:release_date"]', (metas) =>
        metas.map((date) => date.getAttribute('content')),
      );
      expect(releaseDates).toEqual(release.kind === 'Single' ? [] : [release.releaseAt ?? release.released]);
      const card = (await meta('meta[property="og:image"]')) ?? '';
      expect(card).toBe(`${SITE}/cards/${slug}.jpg`);
      expect(await meta('meta[property="og:image:alt"]')).toContain(release.title);
      // The card is served, and is the size the networks ask for.
      const image = await page.request.get(`${baseUrl}${new URL(card).pathname}`);
      expect(image.status()).toBe(200);
      const size = await page.evaluate(
        async (bytes) => {
          const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)]));
          return [bitmap.width, bitmap.height];
        },
        [...(await image.body())],
      );
      expect(size).toEqual([1200, 630]);
      expect(problems.errors).toEqual([]);
      await page.context().close();
    },
  );
});

describe('a release page', () => {
  it('has a player that offers this release, not the home page’s hint about slides', async () => {
    const { page } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseUrl}/en/music/cocktail-n1`);
    const player = page.locator('section.player');
    await expect.poll(() => player.textContent()).toContain('Ready to play: Cocktail Nº1');
    expect(await player.textContent()).not.toContain('Click on one of the slides');
    await expect.poll(() => player.locator('.player-track').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows the cover large, the kind, the localised date and the description', async () => {
    const { page } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseUrl}/pt/music/cocktail-n2`);
    const cover = page.locator('.release-main picture img');
    expect(await cover.getAttribute('alt')).toBe('Capa de Cocktail Nº2');
    expect(await cover.getAttribute('width')).toBe('640');
    expect(await cover.getAttribute('height')).toBe('640');
    expect(await page.locator('.release-main picture source[type="image/avif"]').getAttribute('srcset')).toContain(
      '320w',
    );
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Cocktail Nº2');
    expect(await page.locator('.release-kind').textContent()).toBe('EP · dezembro de 2023');
    // The file gives the EP's number of tracks, shown while the media library has none of them
    // at build time: so in `npm test`'s build (scripts/test.ts). A build over a media/ that holds
    // the EP's folder lists its tracks instead (the suite below).
    if ((await page.locator('.release-tracks li').count()) === 0) {
      expect(await page.locator('.release-count').textContent()).toBe('6 faixas');
    } else {
      expect(await page.locator('.release-count').count()).toBe(0);
    }
    await page.context().close();
  });

  it('links the release where it has its own link, else the artist’s page on that platform', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/en/music/cocktail-n1`);
    const bandcamp = page.locator('.release-platforms a[data-platform="bandcamp"]');
    expect(await bandcamp.getAttribute('href')).toBe('https://samebloodscocktail.bandcamp.com/album/cocktail-1');
    expect(await bandcamp.getAttribute('data-artist-page')).toBeNull();
    const spotify = page.locator('.release-platforms a[data-platform="spotify"]');
    expect(await spotify.getAttribute('href')).toBe('https://open.spotify.com/artist/4lIiJuoMLpeO6JKNkOcx4y');
    expect(await spotify.getAttribute('data-artist-page')).toBe('');
    expect(await spotify.textContent()).toContain('artist page');
    // No link and no artist page there: no button rather than a guessed address.
    expect(await page.locator('.release-platforms a[data-platform="tidal"]').count()).toBe(0);
    for (const link of await page.locator('.release-platforms a').all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    await page.context().close();
  });

  it('plays its playlist in the player, which keeps playing on the next page and back', async () => {
    const { page, problems } = await openPage(browser());
    await page.goto(`${baseUrl}/es/music/tasty-themes-for-mono-myths`);
    await enhanced(page);
    const play = page.getByRole('button', { name: 'Reproducir Tasty Themes for Mono Myths' });
    await hydrated(play);
    await play.click();
    // The button reads back the player's state: it turns to pause once the audio plays.
    await page.locator('.release-play').getByText(t('es', 'player:pause')).waitFor();
    await page.locator('.landing-home').click();
    await page.waitForURL(`${baseUrl}/es`);
    await page
      .locator('section.player')
      .getByRole('button', { name: t('es', 'player:pause') })
      .waitFor();
    // No CSP error on the way either: were the home page to carry an inline module script,
    // the router would add a `data:` script to wait for it, and the CSP would refuse it.
    expect(problems.errors).toEqual([]);

    // Back through the router: the page's button hydrates while the music plays. Its first
    // render must match the HTML (play), or React reports a mismatch (its error 418) and
    // throws the server's markup away; it turns to pause right after.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(`${baseUrl}/es/music/tasty-themes-for-mono-myths`, { waitUntil: 'commit' });
    // Pause shows only once the button has hydrated, mismatch or not.
    await page.locator('.release-play').getByText(t('es', 'player:pause')).waitFor();
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  /**
   * A page whose API answers the Singles playlist with track `index` retitled `title` (the
   * demo set's singles have other titles). The player asks by GET (/graphql?query=…).
   */
  async function pageWithSingleAt(index: number, title: string) {
    const { page, problems } = await openPage(browser());
    await page.route(/\/graphql\?/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { playlist?: { title: string }[] } };
      const track = body.data?.playlist?.[index];
      if (decodeURIComponent(route.request().url()).includes('"playlistName":"Singles"') && track) track.title = title;
      await route.fulfill({ response, json: body });
    });
    return { page, problems };
  }

  it('of a single starts the Singles playlist at that single’s track', async () => {
    const { page, problems } = await pageWithSingleAt(1, '02-suburban RIDE');
    await page.goto(`${baseUrl}/en/music/suburban-ride`);
    // The player lists a track of that name too: the page's own button is the one.
    const play = page.locator('.release-play');
    expect(await play.textContent()).toBe('Play Suburban Ride');
    // Before anything is chosen, the player offers the playlist at that track too.
    const offered = page.locator('section.player .player-track[aria-current="true"] .player-track-number');
    await expect.poll(() => offered.textContent()).toBe('2');
    await hydrated(play);
    await play.click();
    await page.locator('.release-play').getByText(t('en', 'player:pause')).waitFor();
    const current = page.locator('section.player .player-track[aria-current="true"]');
    expect(await current.textContent()).toContain('suburban RIDE');
    expect(await current.locator('.player-track-number').textContent()).toBe('2');
    // The audio is that track's file, and it plays.
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('suburban RIDE');
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });

  it('of a single the playlist lacks starts the Singles playlist at its first track', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/en/music/sometimes-rock`);
    const play = page.getByRole('button', { name: 'Play Sometimes Rock' });
    await hydrated(play);
    await play.click();
    await page.locator('.release-play').getByText(t('en', 'player:pause')).waitFor();
    const current = page.locator('section.player .player-track[aria-current="true"]');
    expect(await current.locator('.player-track-number').textContent()).toBe('1');
    await page.context().close();
  });

  it('has no accessibility violations, the play button hovered too', async () => {
    const { page } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseUrl}/en/music/strange-way-to-know-me`);
    expect(await axeViolations(page)).toEqual([]);
    // Its hover colour must keep the white label readable.
    await page.locator('.release-play').hover();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('track lists read from the media library at build time', () => {
  // That build's media library is the generated demo set (tests/e2e/global-setup.ts).
  const demo = (name: string) => DEMO_PLAYLISTS.find((playlist) => playlist.name === name)?.titles ?? [];

  it.each(LANGS)('in %s, an EP without a list in its file lists its folder’s tracks, with durations', async (lang) => {
    const { page } = await openWithoutJavaScript(browser(), `${analyticsUrl}/${lang}/music/cocktail-n1`);
    const items = page.locator('.release-tracks li');
    expect(await items.evaluateAll((list) => list.map((item) => item.firstChild?.textContent))).toEqual(
      demo('Cocktail Nº1'),
    );
    const durations = await page.locator('.release-tracks .release-duration').allTextContents();
    expect(durations).toEqual(demo('Cocktail Nº1').map(() => '0:03'));
    const album = (await jsonLdDocuments(page))[1];
    expect(album?.['numTracks']).toBe(demo('Cocktail Nº1').length);
    expect(album?.['track']).toEqual(
      demo('Cocktail Nº1').map((name) => ({ '@type': 'MusicRecording', name, duration: 'PT0M3S' })),
    );
    await page.context().close();
  });

  it('a release whose file lists its tracks keeps that list', async () => {
    const { page } = await openWithoutJavaScript(browser(), `${analyticsUrl}/en/music/sometimes-rock`);
    expect(await page.locator('.release-tracks li').allTextContents()).toEqual(['Sometimes Rock']);
    expect((await jsonLdDocuments(page))[1]?.['numTracks']).toBe(1);
    await page.context().close();
  });
});

describe('the discography on the landing page', () => {
  it.each(LANGS)('in %s lists every release, newest first, each linking to its page', async (lang) => {
    const { page } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseUrl}/${lang}/samebloodscocktail`);
    const links = page.locator('.discography a');
    const newestFirst = [...RELEASES].sort((a, b) => b.released.localeCompare(a.released));
    expect(await links.evaluateAll((items) => items.map((item) => item.getAttribute('href')))).toEqual(
      newestFirst.map((release) => `/${lang}/music/${release.slug}`),
    );
    const first = newestFirst[0];
    expect(await links.first().textContent()).toContain(first?.title);
    expect(await links.first().textContent()).toContain(first?.released.slice(0, 4));
    // Below the first screen: the covers wait until the visitor scrolls to them.
    expect(await page.locator('.discography img').first().getAttribute('loading')).toBe('lazy');
    await page.locator('.discography a').first().click();
    await page.waitForURL(`${baseUrl}/${lang}/music/${first?.slug ?? ''}`);
    await page.context().close();
  });
});

describe('covers where the music is shown', () => {
  it.each(LANGS)(
    'in %s, the hero panels of the release keys show the cover and link to the release page',
    async (lang) => {
      const { page } = await openPage(browser());
      await page.goto(`${baseUrl}/${lang}`);
      const panels: [string, string, string][] = [
        ['ep1', 'cocktail-n1', 'Cocktail Nº1'],
        ['ep2', 'cocktail-n2', 'Cocktail Nº2'],
        ['strange', 'strange-way-to-know-me', 'Strange Way To Know Me'],
        ['album', 'tasty-themes-for-mono-myths', 'Tasty Themes for Mono Myths'],
        ['suburban', 'suburban-ride', 'Suburban Ride'],
      ];
      for (const [key, slug, title] of panels) {
        const panel = page.locator(`#key-${key}`);
        const cover = panel.locator('img.key-panel-cover');
        expect(await cover.getAttribute('alt'), key).toBe(t(lang, 'music:coverAlt', { title }));
        expect(await cover.getAttribute('width')).toBe('160');
        expect(await cover.getAttribute('loading')).toBe('lazy');
        expect(await cover.getAttribute('srcset')).toMatch(/\.webp 160w, .*\.webp 320w$/);
        expect(await panel.locator('a.key-panel-release').getAttribute('href')).toBe(`/${lang}/music/${slug}`);
      }
      // Keys that present no release show no cover.
      expect(await page.locator('#key-intro img, #key-videos img').count()).toBe(0);
      await page.context().close();
    },
  );

  it.each(LANGS)('in %s, the singles key presents the newest single: its cover and its page', async (lang) => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/${lang}`);
    const panel = page.locator('#key-singles');
    expect(await panel.locator('img.key-panel-cover').getAttribute('alt')).toBe(
      t(lang, 'music:coverAlt', { title: NEWEST_SINGLE.title }),
    );
    expect(await panel.locator('a.key-panel-release').getAttribute('href')).toBe(
      `/${lang}/music/${NEWEST_SINGLE.slug}`,
    );
    await page.context().close();
  });

  it.each([
    ['ep2', 'Cocktail Nº2'],
    ['singles', NEWEST_SINGLE.title],
  ])('the phone dialog of the %s key shows its cover too', async (keyId, title) => {
    const { page } = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseUrl}/pt`);
    const key = page.locator(`.key-${keyId} .key`);
    await hydrated(key);
    await key.click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    expect(await dialog.locator('img.key-panel-cover').getAttribute('alt')).toBe(`Capa de ${title}`);
    await dialog.locator('img.key-panel-cover').evaluate((image: HTMLImageElement) => image.decode());
    expect(
      await dialog.locator('img.key-panel-cover').evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBeGreaterThan(0);
    await page.context().close();
  });

  /** A page whose API answers as for audio files without embedded covers (the demo ones have one). */
  async function pageWithoutEmbeddedCovers() {
    const { page } = await openPage(browser());
    // The player asks by GET (/graphql?query=…), POST clients without a query string.
    await page.route(/\/graphql(?:\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { playlist?: { coverUrl: string | null }[] } };
      for (const track of body.data?.playlist ?? []) track.coverUrl = null;
      await route.fulfill({ response, json: body });
    });
    return page;
  }

  it('the player and the lock screen show the release’s cover for a track without its own', async () => {
    const page = await pageWithoutEmbeddedCovers();
    await page.goto(`${baseUrl}/en`);
    const key = page.locator('.key-ep1 .key');
    await hydrated(key);
    const heroCover = await page.locator('#key-ep1 img.key-panel-cover').getAttribute('src');
    await key.click();
    const cover = page.locator('section.player img.player-cover');
    await expect.poll(() => cover.getAttribute('data-cover')).toBe('release');
    expect(await cover.getAttribute('src')).toBe(heroCover);
    expect(await cover.getAttribute('alt')).toBe('');
    // The same picture, in the sizes phones ask for.
    const artwork = await page.evaluate(() => navigator.mediaSession.metadata?.artwork.map((image) => image.sizes));
    expect(artwork).toEqual(['160x160', '320x320']);
    await page.context().close();
  });

  it('the player and the lock screen show the logo for a playlist of no one release', async () => {
    const page = await pageWithoutEmbeddedCovers();
    await page.goto(`${baseUrl}/en/samebloodscocktail`);
    const play = page.locator('section.player .player-play');
    await hydrated(play);
    await page.locator('section.player .player-track').first().waitFor();
    await play.click();
    const cover = page.locator('section.player img.player-cover');
    await expect.poll(() => cover.getAttribute('data-cover')).toBe('logo');
    expect(await cover.getAttribute('src')).toBe('/logo.svg');
    const artwork = await page.evaluate(() => navigator.mediaSession.metadata?.artwork.map((image) => image.src));
    expect(artwork).toEqual([`${baseUrl}/apple-touch-icon.png`, `${baseUrl}/logo.svg`]);
    await page.context().close();
  });

  it('the player keeps a track’s own embedded cover', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/en`);
    const key = page.locator('.key-ep1 .key');
    await hydrated(key);
    await key.click();
    const cover = page.locator('section.player img.player-cover');
    await expect.poll(() => cover.getAttribute('data-cover')).toBe('track');
    expect(await cover.getAttribute('src')).toMatch(/^\/media-covers\//);
    // The lock screen gets the release's files, each with its type and size.
    const lockScreen = () =>
      page.evaluate(() => navigator.mediaSession.metadata?.artwork.map(({ sizes, type }) => `${sizes} ${type}`));
    await expect.poll(lockScreen).toEqual(['160x160 image/webp', '320x320 image/webp']);
    await page.context().close();
  });
});

describe('the title face', () => {
  it('is Limelight, self-hosted, Latin only, fetched once the first paint is on screen, over a size-adjusted fallback', async () => {
    const { page, problems } = await openPage(browser(), { viewport: PHONE });
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/es`);
    // Nothing asks for it before the first paint, which the fallback draws.
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
    await expect.poll(() => fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(/^\/_astro\/limelight-latin-400-normal\.[\w-]+\.woff2$/);
    // After the paint, or (a machine too busy to paint within it) after the page's fallback wait.
    // The face's timing entry is written once its response has ended, which can be after its request.
    const faceTimed = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.woff2')));
    await expect.poll(faceTimed).toBe(true);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      face: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2'))?.startTime,
    }));
    const requestedAfterPaint =
      timing.paint !== undefined &&
      timing.face !== undefined &&
      (timing.face >= timing.paint || timing.face >= FIRST_PAINT_FALLBACK_MS);
    // The times themselves in the message: a failure under load says by how much.
    expect(requestedAfterPaint, JSON.stringify(timing)).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    await expect.poll(() => page.evaluate(() => document.fonts.check('400 32px Limelight', 'Vídeos Nº'))).toBe(true);
    expect(await page.locator('h1').evaluate((heading) => getComputedStyle(heading).fontFamily)).toMatch(
      /^Limelight, "Limelight Fallback"/,
    );
    // The Latin subset's file only: the other scripts' characters keep the fallback.
    const ranges = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.family === 'Limelight').map((face) => face.unicodeRange),
    );
    expect(ranges).toEqual([expect.stringMatching(/^U\+0-FF, /i)]);
    expect(fonts).toHaveLength(1);
    expect(problems.errors).toEqual([]);
    await page.context().close();
  });
});
