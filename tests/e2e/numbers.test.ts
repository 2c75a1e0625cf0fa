/**
 * The site's own numbers end to end: on a release page of the real build, served by the real
 * server with the generated demo music (3-second tracks) and its renditions, a listener plays a
 * track to its end through its AAC rendition (as Safari does) and clicks a platform button; the page sends that by beacon when it is left; then the artist
 * signs in to the studio with a passkey and finds those counts on its numbers page, on a phone.
 * The public page keeps nothing on the device for this: no cookie, and no storage but the
 * player's own remembered track.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitForRenditions } from '../../perf/harness/renditions-ready.ts';
import { startStudioApp, type StudioApp } from '../../perf/harness/studio-app.ts';
import type { NumbersAnswer } from '../../src/lib/numbers-answer.ts';
import { EVENTS_PATH } from '../../src/lib/numbers-events.ts';
import { STUDIO_API_PREFIX } from '../../src/lib/studio-auth.ts';
import { STORAGE_KEY } from '../../src/stores/player.ts';
import { axeViolations, enhanced, openPage, PHONE, useBrowser } from './browser.ts';
import { addPasskeyAuthenticator } from '../../perf/harness/passkeys.ts';
import { getFromStudioPage } from './studio-calls.ts';
import { TEXTS } from '../../studio/numbers/texts.ts';

const run = promisify(execFile);
const browser = useBrowser();
let app: FastifyInstance;
let studioApp: StudioApp;
let origin = '';
let env: NodeJS.ProcessEnv;
/** A release whose playlist the demo music has, and its page. */
let release = { slug: '', playlist: '' };

beforeAll(async () => {
  studioApp = await startStudioApp({
    prefix: 'numbers-e2e-',
    mediaDir: inject('mediaDir'),
    watchMedia: false,
    env: { FFMPEG_PATH: 'ffmpeg' },
  });
  ({ app, origin, env } = studioApp);
  // Every track streams a rendition, so the file heard is never the master counted.
  await waitForRenditions(origin);
  const playlists = new Set(app.library.playlists().map((playlist) => playlist.name));
  const releases = readdirSync('content/releases')
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      slug: file.replace(/\.json$/, ''),
      ...(JSON.parse(readFileSync(join('content/releases', file), 'utf8')) as { playlist: string; kind: string }),
    }));
  const chosen = releases.find((one) => one.kind !== 'Single' && playlists.has(one.playlist));
  if (!chosen) throw new Error('no release plays a playlist of the demo music');
  release = chosen;
}, 120_000);

afterAll(async () => {
  await studioApp.close();
});

describe('the numbers, from a listener to the studio', { timeout: 120_000 }, () => {
  it('counts a track played to its end and a platform click, and shows them to the artist', async () => {
    const { page, problems } = await openPage(browser(), { viewport: PHONE, locale: 'pt-BR' });
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === EVENTS_PATH) beacons.push(request.postData() ?? '');
    });
    await page.addInitScript(() => {
      // No Opus, as Safari in Lockdown Mode: the player takes the AAC rendition.
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the element as `this`
      const canPlayType = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (this: HTMLMediaElement, type: string) {
        return /opus/i.test(type) ? '' : canPlayType.call(this, type);
      };
      // The element the page plays, found by the method it calls on it, and its track ends.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const play = HTMLMediaElement.prototype.play;
      const win = window as unknown as { __ended?: number; __audio?: HTMLMediaElement };
      win.__ended = 0;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (win.__audio !== this) {
          win.__audio = this;
          this.addEventListener('ended', () => (win.__ended = (win.__ended ?? 0) + 1));
        }
        return play.call(this);
      };
    });
    await page.goto(`${origin}/pt/music/${release.slug}`);
    await enhanced(page);
    await page.locator('astro-island[component-url*="PlayRelease"]:not([ssr]) button').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __ended?: number }).__ended), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    const heard = await page.evaluate(() => (window as unknown as { __audio?: HTMLMediaElement }).__audio?.currentSrc);
    expect(heard).toMatch(/\/media\/renditions\/[0-9a-f]{24}\/aac-[0-9a-f]{10}\.m4a$/);

    const button = page.locator('[data-counted-from] a[data-platform]').first();
    const platform = (await button.getAttribute('data-platform')) ?? '';
    const [outside] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
    await outside.close();

    // Nothing of the counting stays on the device.
    expect(await page.context().cookies()).toEqual([]);
    const stored = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    expect(stored.local.filter((key) => key !== STORAGE_KEY)).toEqual([]);
    expect(stored.session).toEqual([]);

    // Leaving the page sends what it queued.
    await page.goto('about:blank');
    expect(beacons.join('')).not.toMatch(/cookie|agent|session/i);
    // The player names the master, never the file it streams.
    expect(beacons.join('')).toMatch(/"type":"play"/);
    expect(beacons.join('')).not.toMatch(/\.m4a|renditions/);
    expect(problems.errors).toEqual([]);

    // The artist signs in on his phone.
    const { stdout } = await run(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'scripts/studio.ts', 'invite', 'André'],
      { env },
    );
    const studio = await openPage(browser(), { viewport: { width: 320, height: 640 }, locale: 'pt-BR' });
    await addPasskeyAuthenticator(studio.page);
    await studio.page.goto(/^http\S+#invitation=\S+$/m.exec(stdout)?.[0] ?? '');
    await studio.page.getByRole('button', { name: 'Criar a minha chave de acesso' }).click();
    await studio.page.getByText('Conectado como André').waitFor();

    const track = app.library.tracks(release.playlist)[0];
    const numbers = () => getFromStudioPage<NumbersAnswer>(studio.page, `${STUDIO_API_PREFIX}numbers`);
    await expect
      .poll(async () => {
        const answer = await numbers();
        const counted = answer.tracks.find((one) => one.playlist === release.playlist && one.file === track?.file);
        return {
          // Started and ended at least once (a slow machine may go round the playlist again).
          track: (counted?.play ?? 0) >= 1 && (counted?.end ?? 0) >= 1,
          click: answer.clicks.find((one) => one.from === release.slug && one.platform === platform)?.count,
          view: answer.views.find((one) => one.path === `/pt/music/${release.slug}` && one.lang === 'pt')?.total,
        };
      })
      .toEqual({ track: true, click: 1, view: 1 });
    expect((await numbers()).tracks.every((one) => app.library.track(one.playlist, one.file))).toBe(true);

    // The numbers page shows them, with its tables for screen readers, within 320 px.
    await studio.page.goto(`${origin}/studio/numbers`);
    await studio.page.getByRole('heading', { name: TEXTS.pt.tracks }).waitFor();
    await studio.page.getByRole('heading', { name: TEXTS.pt.clicks }).waitFor();
    for (const summary of await studio.page.getByText(TEXTS.pt.asTable).all()) await summary.click();
    const rows = studio.page.getByRole('row');
    await expect.poll(() => rows.filter({ hasText: release.playlist }).count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => rows.filter({ hasText: release.slug }).count()).toBeGreaterThanOrEqual(1);
    expect(await studio.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await axeViolations(studio.page)).toEqual([]);
    expect(studio.problems.errors).toEqual([]);
    await studio.page.context().close();
    await page.context().close();
  });
});
