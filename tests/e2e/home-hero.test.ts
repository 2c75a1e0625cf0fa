/** The home page's hero: the piano keys and their panels (hover on wide screens, dialogs on phones). */
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, DESKTOP, openForEachTest, openWithoutJavaScript, PHONE, useBrowser } from './browser.ts';
import {
  fadedIn,
  headingLevels,
  hydrated,
  isFocused,
  KEY_IDS,
  keyPlaylist,
  keyText,
  keyTitle,
  LOCALES,
  measureClose,
  skippedHeadingLevels,
  t,
  type KeyId,
  type Lang,
} from './home-helpers.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const ANCHORS = ['perfiliconograma', 'bloodscocktail', 'cocktailn2', 'singles', 'strange', 'ttmm', 'suburban', 'soon'];

const keyboard = (page: Page, lang: Lang) => page.getByRole('group', { name: t(lang, 'keys:hero'), exact: true });
const title = keyTitle;
const playlistHint = (lang: Lang, id: KeyId) => {
  const name = keyPlaylist(id);
  return name === undefined ? undefined : t(lang, 'keys:playsPlaylist', { name });
};

/** The key of `id`: the keyboard's buttons are in KEY_IDS order. */
const key = (page: Page, lang: Lang, id: KeyId) => keyboard(page, lang).getByRole('button').nth(KEY_IDS.indexOf(id));

/** The panel (or dialog) a key controls. */
async function panelOf(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  expect(id).toMatch(/^key-[\w-]+$/);
  return page.locator(`[id="${id}"]`);
}

/** The accessible names of the keys, from the accessibility tree. */
async function keyNames(page: Page, lang: Lang): Promise<string[]> {
  const snapshot = await keyboard(page, lang).ariaSnapshot();
  return [...snapshot.matchAll(/- button "((?:[^"\\]|\\.)*)"/g)].map((match) => JSON.parse(`"${match[1]}"`) as string);
}

async function expectKeysNamedByTitles(page: Page, lang: Lang) {
  const names = await keyNames(page, lang);
  expect(names).toHaveLength(11);
  for (const [index, id] of KEY_IDS.entries()) {
    const name = names[index] ?? '';
    expect(name.startsWith(title(lang, id)), `${id}: ${name}`).toBe(true);
    const hint = playlistHint(lang, id);
    // The EP1, EP2, singles and album keys say which playlist they play; the others do not.
    if (hint === undefined) expect(name, id).not.toContain(t(lang, 'keys:playsPlaylist', { name: '' }).trim());
    else expect(name, id).toContain(hint);
  }
}

async function expectDocumentStructure(page: Page) {
  for (const anchor of ANCHORS) expect(await page.locator(`[id="${anchor}"]`).count(), `#${anchor}`).toBe(1);
  expect(await page.getByRole('main').count()).toBe(1);
  expect(await page.locator('main').count()).toBe(1);
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await page.locator('h1').count()).toBe(1);
  const levels = await headingLevels(page);
  expect(levels[0]).toBe(1);
  expect(skippedHeadingLevels(levels)).toEqual([]);
}

/**
 * Before each test of the block: the home page in `lang` as `options` say, handed to `keep` and
 * ready once the keyboard has hydrated (on a phone, once each key's panel has become a dialog).
 */
function keyboardForEachTest(lang: Lang, options: BrowserContextOptions, keep: (page: Page) => void): void {
  openForEachTest(browser, `${baseUrl}/${lang}`, { locale: LOCALES[lang], ...options }, async ({ page }) => {
    keep(page);
    await hydrated(key(page, lang, 'intro'));
    if (options.viewport === PHONE) await page.locator('dialog#key-intro').waitFor({ state: 'attached' });
  });
}

const openDialogs = (page: Page) => page.locator('dialog[open]');
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe.each(['pt', 'en'] as const)('the keyboard on a desktop, in %s', (lang) => {
  let page: Page;
  keyboardForEachTest(lang, { viewport: DESKTOP }, (opened) => {
    page = opened;
  });

  /** The pointer rests on the menu, away from the keys. */
  const pointerAway = () => page.mouse.move(20, DESKTOP.height - 20);

  it('has eleven keys, buttons named by their titles, playlist keys saying which playlist they play', async () => {
    expect(await keyboard(page, lang).getByRole('button').count()).toBe(11);
    await expectKeysNamedByTitles(page, lang);
    // Nothing is open before the visitor does anything.
    expect(await page.locator('.key-panel:visible').count()).toBe(0);
    for (const button of await keyboard(page, lang).getByRole('button').all()) {
      expect(await button.getAttribute('aria-expanded')).toBe('false');
    }
  });

  it('hovering a key shows its panel only, and hovering the next one swaps them', async () => {
    let previous: Locator | undefined;
    for (const id of KEY_IDS) {
      const button = key(page, lang, id);
      await button.hover();
      const panel = await panelOf(page, button);
      await panel.waitFor();
      expect(await panel.getByRole('heading', { name: title(lang, id) }).count(), id).toBe(1);
      expect(await button.getAttribute('aria-expanded'), id).toBe('true');
      expect(await page.locator('.key-panel:visible').count(), id).toBe(1);
      if (previous) {
        expect(await previous.getAttribute('aria-expanded')).toBe('false');
        await (await panelOf(page, previous)).waitFor({ state: 'hidden' });
      }
      previous = button;
    }
    await pointerAway();
    await expect.poll(() => page.locator('.key-panel:visible').count()).toBe(0);
  });

  it('keyboard focus opens a panel, Tab moves it to the next key, Escape closes it', async () => {
    await pointerAway();
    const intro = key(page, lang, 'intro');
    const name = key(page, lang, 'name');
    await intro.focus();
    await (await panelOf(page, intro)).waitFor();
    expect(await intro.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('Tab');
    expect(await isFocused(name)).toBe(true);
    await (await panelOf(page, name)).waitFor();
    await (await panelOf(page, intro)).waitFor({ state: 'hidden' });

    await page.keyboard.press('Escape');
    await (await panelOf(page, name)).waitFor({ state: 'hidden' });
    expect(await name.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(name)).toBe(true);
    expect(await page.locator('.key-panel:visible').count()).toBe(0);
  });

  it('has no axe violations with a panel open', async () => {
    const button = key(page, lang, 'intro');
    await button.hover();
    await (await panelOf(page, button)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await pointerAway();
  });

  it.each(['ep1', 'ep2', 'singles', 'album'] as const)(
    'clicking the %s key opens its panel; the key names its playlist',
    async (id) => {
      const button = key(page, lang, id);
      await button.click();
      await (await panelOf(page, button)).waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect((await keyNames(page, lang))[KEY_IDS.indexOf(id)]).toContain(playlistHint(lang, id));
      await page.keyboard.press('Escape');
    },
  );

  it('has the section anchors, one main, one h1 and no skipped heading level, with a panel open', async () => {
    await pointerAway();
    await expectDocumentStructure(page);
    await key(page, lang, 'videos').hover();
    await expectDocumentStructure(page);
  });
});

describe.each(['pt', 'en'] as const)('the keyboard on a phone, in %s', (lang) => {
  let page: Page;
  keyboardForEachTest(lang, { viewport: PHONE }, (opened) => {
    page = opened;
  });

  it('has eleven keys named by their titles, each controlling a dialog rather than an inline panel', async () => {
    expect(await keyboard(page, lang).getByRole('button').count()).toBe(11);
    await expectKeysNamedByTitles(page, lang);
    expect(await page.locator('.key-panel').count()).toBe(0);
    for (const button of await keyboard(page, lang).getByRole('button').all()) {
      expect(await (await panelOf(page, button)).evaluate((node) => node.tagName)).toBe('DIALOG');
    }
    expect(await openDialogs(page).count()).toBe(0);
  });

  it('a key opens its dialog, alone, with the page behind locked; the X fades it out over 500 ms', async () => {
    const button = key(page, lang, 'ep2');
    await button.click();
    const dialog = page.getByRole('dialog', { name: title(lang, 'ep2'), exact: true });
    await dialog.waitFor();
    expect(await openDialogs(page).count()).toBe(1);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.getByRole('button', { name: t(lang, 'close'), exact: true }).count()).toBe(1);
    expect(await dialog.getByText(keyText(lang, 'ep2')).count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    // A wheel over the page does not scroll it while the dialog is open (checked after the fade).
    const before = await scrollY(page);
    await page.mouse.move(PHONE.width / 2, PHONE.height - 10);
    await page.mouse.wheel(0, 600);

    const { elapsedMs, openAt200Ms } = await measureClose(page, 'key-ep2');
    expect(openAt200Ms).toBe(true);
    expect(elapsedMs).toBeGreaterThanOrEqual(450);
    // 500 ms plus a render; generous at the top for a busy two-core machine.
    expect(elapsedMs).toBeLessThan(1200);
    expect(await scrollY(page)).toBe(before);

    expect(await openDialogs(page).count()).toBe(0);
    expect(await page.locator('#key-ep2 h2').count()).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => isFocused(button)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    // The same wheel scrolls the page once the dialog is gone.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before);
  });

  it('Escape closes the dialog and gives the focus back to its key', async () => {
    const button = key(page, lang, 'intro');
    await button.click();
    await page.getByRole('dialog', { name: title(lang, 'intro'), exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => openDialogs(page).count()).toBe(0);
    await expect.poll(() => isFocused(button)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  // The heavier checks run once, in one language each (keeps the suite fast).
  it.runIf(lang === 'en')('opening another key after closing shows only that key’s dialog', async () => {
    for (const id of ['strange', 'soon'] as const) {
      await key(page, lang, id).click();
      const dialog = page.getByRole('dialog', { name: title(lang, id), exact: true });
      await dialog.waitFor();
      expect(await openDialogs(page).count()).toBe(1);
      expect(await openDialogs(page).getAttribute('id')).toBe(`key-${id}`);
      await dialog.getByRole('button', { name: t(lang, 'close'), exact: true }).click();
      await expect.poll(() => openDialogs(page).count()).toBe(0);
    }
  });

  it.runIf(lang === 'pt')(
    'has the section anchors, one main, one h1 and no skipped heading level, with a dialog open',
    async () => {
      await expectDocumentStructure(page);
      await key(page, lang, 'name').click();
      await page.getByRole('dialog', { name: title(lang, 'name'), exact: true }).waitFor();
      await expectDocumentStructure(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => openDialogs(page).count()).toBe(0);
    },
  );

  it.runIf(lang === 'pt')('has no axe violations with a key dialog open', async () => {
    await key(page, lang, 'album').click();
    await page.getByRole('dialog', { name: title(lang, 'album'), exact: true }).waitFor();
    await fadedIn(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => openDialogs(page).count()).toBe(0);
  });
});

describe('the keys’ widths', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'on a %s, do not depend on how many keys are drawn yet, as in a first frame painted mid-parse',
    async (_size, viewport) => {
      const { page } = await openWithoutJavaScript(browser(), `${baseUrl}/pt`, { viewport });
      try {
        const row = page.locator('.keyboard-keys');
        const slots = row.locator('> .key-slot');
        // The stylesheet's count of the keys is the keys drawn.
        const counted = await row.evaluate((node) => getComputedStyle(node).getPropertyValue('--key-count'));
        expect(Number(counted)).toBe(await slots.count());
        const widths = () => slots.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().width));
        const whole = await widths();
        // The first four keys alone, as the parser may hand them to a first frame.
        await row.evaluate((node) => {
          while (node.children.length > 4) node.lastElementChild?.remove();
        });
        expect(await widths()).toEqual(whole.slice(0, 4));
      } finally {
        await page.context().close();
      }
    },
  );
});

describe('the keyboard on a phone under reduced motion, in es', () => {
  const lang = 'es';
  let page: Page;
  keyboardForEachTest(lang, { viewport: PHONE, reducedMotion: 'reduce' }, (opened) => {
    page = opened;
  });

  it('every key opens its own dialog, which closes at once', async () => {
    for (const id of KEY_IDS) {
      const button = key(page, lang, id);
      await button.click();
      await page.getByRole('dialog', { name: title(lang, id), exact: true }).waitFor();
      expect(await openDialogs(page).count(), id).toBe(1);
      // No fade: closed as soon as React has rendered (far below the 500 ms fade, even when busy).
      const { elapsedMs } = await measureClose(page, `key-${id}`);
      expect(elapsedMs, id).toBeLessThan(250);
      await expect.poll(() => isFocused(button)).toBe(true);
    }
    await expectKeysNamedByTitles(page, lang);
  });
});
