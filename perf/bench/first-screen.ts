/**
 * How many compressed bytes of a page's HTML a phone needs before it can paint its first screen:
 * the HTML up to where that screen ends, compressed on its own as a streaming compressor sends it,
 * should fit the response's first round trip.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import type { Page } from 'playwright-core';

/**
 * TCP's initial congestion window: ten segments of 1,460 B, as Lighthouse's simulation counts it.
 * A response of at most this many bytes, headers included, arrives in one round trip; one byte
 * more costs a second round trip (150 ms on the simulated phone) before the page can paint.
 */
export const FIRST_WINDOW_BYTES = 10 * 1460;

/** The phone the first screen is measured on (CSS px). */
export const FIRST_SCREEN_VIEWPORT = { width: 390, height: 844 };

/**
 * Where a home page's hero section (menu, name, keyboard and player) has ended: the videos
 * section begins. On a 390x844 phone the hero fills the screen and the videos start below
 * it, so the HTML before this marker holds everything the phone shows before scrolling
 * (tests/e2e/first-screen.test.ts measures the real end and checks it comes first).
 */
export const HOME_FIRST_SCREEN_MARKER = '<section id="videos"';

/** Bytes of a text as stored and compressed. */
export interface CompressedSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The sizes of `text` compressed as scripts/precompress.ts compresses pages. */
export function compressedSizes(text: string): CompressedSizes {
  const bytes = Buffer.from(text, 'utf8');
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/** Every element of the HTML in document order, with where its markup starts and ends. */
export function elementsOf(html: string): { name: string; start: number; end: number }[] {
  const elements: { name: string; start: number; end: number }[] = [];
  const open: number[] = [];
  const parser = new Parser({
    onopentag(name) {
      open.push(elements.length);
      elements.push({ name, start: parser.startIndex, end: parser.endIndex });
    },
    onclosetag() {
      const element = elements[open.pop() ?? -1];
      if (element) element.end = parser.endIndex;
    },
  });
  parser.end(html);
  return elements;
}

/** Where the first screen ends in a page's HTML (a string index), and after which element. */
export interface FirstScreenEnd {
  index: number;
  element: string;
}

/**
 * Where the first screen of the page open in `page` ends in its `html` (the very file it was
 * loaded from; open it with JavaScript off, so the layout is the HTML's own, before any island
 * hydrates). The last element in document order with a visible box inside the viewport marks
 * it: the end of that element's markup. The browser's elements are matched to the HTML's by
 * their order, which holds for the markup our build writes (checked element by element).
 */
export async function firstScreenEnd(page: Page, html: string): Promise<FirstScreenEnd> {
  const shown = await page.evaluate(() => {
    const { innerWidth: width, innerHeight: height } = window;
    const all = [...document.querySelectorAll('*')];
    let last = -1;
    all.forEach((element, index) => {
      if (getComputedStyle(element).visibility === 'hidden') return;
      for (const box of element.getClientRects()) {
        const inside = box.top < height && box.bottom > 0 && box.left < width && box.right > 0;
        if (inside && box.width > 0 && box.height > 0) last = index;
      }
    });
    return { last, names: all.map((element) => element.localName) };
  });
  const elements = elementsOf(html);
  const mismatch = shown.names.slice(0, shown.last + 1).findIndex((name, index) => elements[index]?.name !== name);
  if (mismatch !== -1) {
    throw new Error(
      `element ${String(mismatch)} is <${String(shown.names[mismatch])}> in the browser, not in the HTML`,
    );
  }
  const last = elements[shown.last];
  if (!last) throw new Error('nothing shows on the first screen');
  return { index: last.end + 1, element: last.name };
}
