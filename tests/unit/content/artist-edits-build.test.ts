/**
 * The artist's ordinary edits build: a release with neither a cover nor a drawn stand-in shows
 * the logo (its page, its social card, its hero key), the side panel counts the new single,
 * and the added video and poem land below the home page's first screen, which the byte
 * budgets measure. Runs the real `astro build` on a copy of the project.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_FIRST_SCREEN_MARKER } from '../../../perf/bench/first-screen.ts';
import {
  ADDED_POEM,
  ADDED_RELEASE,
  ADDED_VIDEO,
  applyArtistEdits,
  MARKUP_TITLES,
  NEW_FACEBOOK,
} from './artist-edits.ts';
import { buildCopy, copyProject } from '../../../perf/harness/project-copy.ts';
import { builtPageWithProps } from './built-page.ts';

let copy = '';

const built = (path: string) => readFileSync(join(copy, 'dist', path), 'utf8');
/** A built page of the copy with its islands' props, where what a test looks for may be data. */
const builtWithProps = (path: string) => builtPageWithProps(join(copy, 'dist'), path);

/** The singles among the copy's release files, read after the edits: the artist may add more. */
function singlesInCopy(): number {
  const folder = join(copy, 'content', 'releases');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .filter((name) => (JSON.parse(readFileSync(join(folder, name), 'utf8')) as { kind?: string }).kind === 'Single')
    .length;
}

type Node = ReturnType<typeof parseDocument>['children'][number];
interface Element {
  name: string;
  attribs: Record<string, string>;
  children: Node[];
}
/** A text node's `nodeType`, as in the DOM. */
const TEXT_NODE = 3;
const isElement = (node: Node): node is Node & Element => 'attribs' in node;
const childrenOf = (node: { children?: Node[] }): Node[] => node.children ?? [];

/** The elements named `name` anywhere under `node`. */
function findAll(node: { children?: Node[] }, name: string): Element[] {
  return childrenOf(node).flatMap((child) => [
    ...(isElement(child) && child.name === name ? [child] : []),
    ...findAll(child as { children?: Node[] }, name),
  ]);
}

/** The text under `node`, as a browser would show it. */
function textOf(node: { children?: Node[] }): string {
  return childrenOf(node)
    .map((child) =>
      child.nodeType === TEXT_NODE && 'data' in child ? child.data : textOf(child as { children?: Node[] }),
    )
    .join('');
}

beforeAll(async () => {
  copy = copyProject('artist-edits-build-');
  applyArtistEdits(join(copy, 'content'));
  await buildCopy(copy);
}, 240_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a build after the artist’s edits', () => {
  it('gives the release without a cover the logo on its page and in the hero', () => {
    expect(existsSync(join(copy, 'src', 'assets', 'covers', `${ADDED_RELEASE}.png`))).toBe(false);
    expect(built(`en/music/${ADDED_RELEASE}.html`)).toMatch(/<img src="\/_astro\/logo-cover\.[^"]+"/);
    // The newest single is the one the singles key presents.
    expect(builtWithProps('en.html')).toMatch(
      new RegExp(`/en/music/${ADDED_RELEASE}(&quot;|[^<])*?/_astro/logo-cover\\.`),
    );
  });

  it('draws its social card from the logo', async () => {
    const { format, width, height } = await sharp(join(copy, 'dist', 'cards', `${ADDED_RELEASE}.jpg`)).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('counts the new single in the side panel and links the new Facebook page', () => {
    expect(built('en.html')).toContain(`<li>Singles · ${String(singlesInCopy())}</li>`);
    expect(built('en.html')).toContain(NEW_FACEBOOK);
  });

  it('puts the added video and poem below the first screen', () => {
    for (const lang of ['pt', 'en', 'es']) {
      const html = builtWithProps(`${lang}.html`);
      const firstScreen = html.slice(0, html.indexOf(HOME_FIRST_SCREEN_MARKER));
      expect(html).toContain(ADDED_VIDEO);
      expect(html).toContain(ADDED_POEM);
      expect(firstScreen).not.toContain(ADDED_VIDEO);
      expect(firstScreen).not.toContain(ADDED_POEM);
    }
  });

  it('shows titles that look like markup as text, in every language', () => {
    for (const lang of ['pt', 'en', 'es']) {
      const html = built(`${lang}.html`);
      const document = parseDocument(html);
      const elements = (name: string) => findAll(document, name);
      // No element the titles would make if they were read as markup.
      expect(elements('img').filter((img) => img.attribs['src'] === 'x')).toEqual([]);
      expect(elements('script').filter((script) => textOf(script).includes('alert(1)'))).toEqual([]);
      // The poem's title, the text the carousel shows.
      expect(textOf(document)).toContain(MARKUP_TITLES.poem);
    }
  });
});
