/**
 * What the home page tests share: the texts and content the page is built from (read from the
 * source files, so no test hard-codes a translation or a date), and waits for the islands.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { releaseSchema } from '../../src/lib/content-schemas.ts';
import { catalogueSummary, heroName, releaseForHeroKey } from '../../src/lib/hero-releases.ts';

export const LANGS = ['pt', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];

/** `<html lang>` and the Intl locale of each language. */
export const LOCALES: Record<Lang, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

const root = new URL('../../', import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

/**
 * A translation, as `namespace:dotted.key` (namespace `common` when none is given), with
 * `{{name}}` style values filled in.
 */
export function t(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node = readJson(`src/i18n/locales/${lang}/${namespace}.json`);
  for (const part of path.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`No translation ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
}

export interface Video {
  id: string;
  title: string;
  thumb?: string;
}

/** content/site.json: the names, the address and the links the pages are built with. */
export const SITE_SETTINGS = readJson('content/site.json') as {
  artist: string;
  project: string;
  siteUrl: string;
  socials: { href: string }[];
};

/** content/videos.json, in the artist's order. */
export const VIDEOS = (readJson('content/videos.json') as { videos: Video[] }).videos;

export interface Poem {
  title: string;
  /** DD/MM/YYYY as written in the content file. */
  date: string;
  /** The date as a UTC midnight. */
  published: Date;
  /** The lines of its text, as written (the blank ones between stanzas left out). */
  lines: string[];
}

/** The poems of content/poems/*.md: their front matter and their lines. */
export const POEMS: Poem[] = readdirSync(new URL('content/poems/', root))
  .filter((name) => name.endsWith('.md'))
  .map((name) => {
    const source = readFileSync(new URL(`content/poems/${name}`, root), 'utf8');
    const field = (key: string) => {
      const match = new RegExp(`^${key}:\\s*(['"]?)(.*)\\1\\s*$`, 'm').exec(source);
      if (!match?.[2]) throw new Error(`${name} has no ${key}`);
      return match[2];
    };
    const date = field('date');
    const [day, month, year] = date.split('/').map(Number) as [number, number, number];
    const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
    const lines = body
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return { title: field('title'), date, published: new Date(Date.UTC(year, month - 1, day)), lines };
  });

/** A poem's date as the page shows it: two-digit day, long month, numeric year. */
export function longDate(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The hero keys in keyboard order, by their keys.json id. */
export const KEY_IDS = [
  'intro',
  'name',
  'ep1',
  'ep2',
  'singles',
  'strange',
  'album',
  'suburban',
  'videos',
  'poems',
  'soon',
] as const;
export type KeyId = (typeof KEY_IDS)[number];

/** The release files, as the build reads them (their file name is the release's slug). */
export const RELEASES = readdirSync(new URL('content/releases/', root))
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ slug: name.replace(/\.json$/, ''), ...releaseSchema.parse(readJson(`content/releases/${name}`)) }));

/** The keys that present one release and take their title and text from its file. */
const RELEASE_TEXT_KEYS: readonly KeyId[] = ['ep1', 'ep2', 'album'];
/** The keys whose play button starts their release's playlist. */
const PLAYING_KEYS: readonly KeyId[] = ['ep1', 'ep2', 'singles', 'album'];

/** A key's title: its release's name where a release file presents it, else the translation. */
export function keyTitle(lang: Lang, id: KeyId): string {
  const release = RELEASE_TEXT_KEYS.includes(id) ? releaseForHeroKey(id, RELEASES) : undefined;
  return release ? heroName(release) : t(lang, `keys:${id}.title`);
}

/** A key's panel text, from its release's file where one presents it. */
export function keyText(lang: Lang, id: KeyId): string {
  const release = RELEASE_TEXT_KEYS.includes(id) ? releaseForHeroKey(id, RELEASES) : undefined;
  if (release) return (release.heroText ?? release.description)[lang];
  if (id !== 'singles') return t(lang, `keys:${id}.text`);
  const count = catalogueSummary(RELEASES).singles;
  const form = count === 0 ? 'zero' : new Intl.PluralRules(lang).select(count);
  return t(lang, `keys:singles.text_${form}`, { count: String(count) });
}

/** The playlist a key's play button starts, if it has one. */
export function keyPlaylist(id: KeyId): string | undefined {
  return PLAYING_KEYS.includes(id) ? releaseForHeroKey(id, RELEASES)?.playlist : undefined;
}

/** Resolves once React has hydrated the element (it carries React's props then). */
export async function hydrated(element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const handle = await element.elementHandle();
  await element
    .page()
    .waitForFunction((node) => Object.keys(node).some((key) => key.startsWith('__reactProps')), handle);
}

/** The carousel of a section, named by the section's title. */
export function carousel(page: Page, lang: Lang, section: 'videos' | 'poems'): Locator {
  return page.getByRole('group', { name: t(lang, `keys:${section}.title`), exact: true });
}

/** The `scrollLeft` of an element. */
export function scrollLeft(element: Locator): Promise<number> {
  return element.evaluate((node) => node.scrollLeft);
}

/** Which element has the focus, as a handle-free check on `element`. */
export function isFocused(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node === document.activeElement);
}

/** Two animation frames: whatever the last input changed has been laid out and painted. */
export function nextFrames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Clicks the close button of the open dialog `dialogId` and measures how long the dialog stays
 * open afterwards, and whether it was still open 200 ms in.
 */
export async function measureClose(page: Page, dialogId: string): Promise<{ elapsedMs: number; openAt200Ms: boolean }> {
  return page.evaluate(async (id) => {
    const dialog = document.getElementById(id);
    if (!(dialog instanceof HTMLDialogElement) || !dialog.open) throw new Error(`#${id} is not an open dialog`);
    const closeButton = dialog.querySelector<HTMLButtonElement>('.modal-close');
    if (!closeButton) throw new Error(`#${id} has no close button`);
    let openAt200Ms = false;
    const sampled = new Promise<void>((resolve) =>
      setTimeout(() => {
        openAt200Ms = dialog.open;
        resolve();
      }, 200),
    );
    const start = performance.now();
    const closed = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!dialog.open) {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      });
      observer.observe(dialog, { attributes: true, attributeFilter: ['open'] });
    });
    closeButton.click();
    const elapsedMs = await closed;
    // Closed before 200 ms: it cannot be open then (and the test need not wait for it).
    if (elapsedMs >= 200) await sampled;
    return { elapsedMs, openAt200Ms };
  }, dialogId);
}

/** Resolves once the open dialog has faded in completely (axe judges contrast on what it sees). */
export async function fadedIn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('dialog[open]');
    return dialog !== null && getComputedStyle(dialog).opacity === '1';
  });
}

/** The levels of the headings on screen or to assistive technology, in document order. */
export function headingLevels(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => heading.checkVisibility())
      .map((heading) => Number(heading.tagName.slice(1))),
  );
}

/** Headings start at h1 and never go down more than one level at a time. */
export function skippedHeadingLevels(levels: number[]): string[] {
  return levels.flatMap((level, index) => {
    const previous = index === 0 ? 0 : (levels[index - 1] as number);
    return level > previous + 1 ? [`h${previous || 'none'} then h${level}`] : [];
  });
}
