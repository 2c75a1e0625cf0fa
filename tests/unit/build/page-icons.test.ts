/**
 * Every built page names, in its head, an icon a crawler can fetch: the inline SVG the browsers
 * use is a data: URI, which a feed reader or a link-preview bot cannot ask a server for. Each
 * icon link that is not a data: URI must point to a file of the build that is an image.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readIco } from '../../../scripts/brand/ico.ts';
import { builtPages } from '../../../perf/bench/first-load.ts';
import { DIST_DIR, requireBuild } from '../budgets/built-site.ts';

/** Any origin will do: only whether a link stays on the site matters. */
const ORIGIN = 'https://site.test';

/** The hrefs of a page's `<link rel="icon">`, `rel="apple-touch-icon"` and the like, in its head. */
function headIconLinks(html: string): string[] {
  const hrefs: string[] = [];
  let inHead = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'head') inHead = true;
      const rel = (attributes['rel'] ?? '').toLowerCase().split(/\s+/);
      if (inHead && name === 'link' && rel.some((token) => token.endsWith('icon')))
        hrefs.push(attributes['href'] ?? '');
    },
    onclosetag(name) {
      if (name === 'head') inHead = false;
    },
  });
  parser.end(html);
  return hrefs;
}

/** True when `file` holds an image a browser or a bot can read: an ICO, or what sharp decodes. */
async function isImage(file: Buffer): Promise<boolean> {
  try {
    return readIco(file).length > 0;
  } catch {
    return sharp(file)
      .metadata()
      .then(() => true)
      .catch(() => false);
  }
}

describe('the icons the built pages link', () => {
  beforeAll(requireBuild);

  it('each page’s head links an icon file of the build, not only a data: URI', async () => {
    const problems: string[] = [];
    const pages = await builtPages(DIST_DIR);
    expect(pages.length).toBeGreaterThan(0);
    for (const { file, page } of pages) {
      const fetchable = headIconLinks(readFileSync(file, 'utf8')).filter((href) => !href.startsWith('data:'));
      if (fetchable.length === 0) problems.push(`${page}: no icon link but data: URIs`);
      for (const href of fetchable) {
        const url = new URL(href, `${ORIGIN}${page}`);
        const path = join(DIST_DIR, ...decodeURIComponent(url.pathname).split('/'));
        if (url.origin !== ORIGIN) problems.push(`${page}: ${href} is on another host`);
        else if (!existsSync(path)) problems.push(`${page}: ${href} is not in the build`);
        else if (!(await isImage(readFileSync(path)))) problems.push(`${page}: ${href} is not an image`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names /favicon.ico on every page, where crawlers look first', async () => {
    const missing = (await builtPages(DIST_DIR))
      .filter(({ file }) => !headIconLinks(readFileSync(file, 'utf8')).includes('/favicon.ico'))
      .map(({ page }) => page);
    expect(missing).toEqual([]);
  });
});
