/**
 * The build is the same bytes in any checkout: island ids come from the islands' own markup,
 * never from the folder the repository sits in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withStableIslandIds } from '../../../src/integrations/stable-island-ids.ts';
import { DIST_DIR, requireBuild } from '../budgets/built-site.ts';

const island = (uid: string, url: string) =>
  `<astro-island uid="${uid}" prefix="r5" component-url="${url}" props="{}" ssr client="visible">`;

describe('stable island ids', () => {
  it('give an island the same id whatever id Astro derived from its path', () => {
    const fromOneFolder = withStableIslandIds(`<main>${island('2n8A4d', '/_astro/Player.B.js')}</main>`);
    const fromAnother = withStableIslandIds(`<main>${island('iBG3F', '/_astro/Player.B.js')}</main>`);
    expect(fromOneFolder).toBe(fromAnother);
    expect(fromOneFolder).not.toContain('2n8A4d');
  });

  it('give different islands different ids', () => {
    const ids = [island('a', '/_astro/Player.B.js'), island('a', '/_astro/Keys.C.js')].map(
      (tag) => /uid="([^"]+)"/.exec(withStableIslandIds(tag))?.[1],
    );
    expect(new Set(ids).size).toBe(2);
  });

  it('are what every built page carries', () => {
    requireBuild();
    const pages = readdirSync(DIST_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));
    const withIslands = pages.filter((name) => readFileSync(join(DIST_DIR, name), 'utf8').includes('<astro-island'));
    expect(withIslands.length).toBeGreaterThan(0);
    for (const name of withIslands) {
      const html = readFileSync(join(DIST_DIR, name), 'utf8');
      expect(withStableIslandIds(html), name).toBe(html);
    }
  });
});
