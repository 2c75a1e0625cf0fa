/**
 * The first-load computation the byte budgets and the benchmark share, on a small fixture
 * build: what counts (static imports, islands, stylesheets and what they reference, shown
 * images) and what does not (dynamic imports, other hosts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupBundles } from '../../../perf/bench/bundles.ts';
import { builtPages, firstLoadTotals, loadedLater, readFirstLoad } from '../../../perf/bench/first-load.ts';

const PAGE = `<!doctype html><html><head>
<link rel="icon" href="/favicon.svg"><link rel="apple-touch-icon" href="/touch.png">
<link rel="stylesheet" href="/_astro/index.A1.css">
<script type="module" src="/_astro/Menu.astro_astro_type_script_index_0_lang.B2.js"></script>
<script type="module">import "/_astro/inline-dep.C3.js"; document.title = 'x';</script>
</head><body>
<img src="/logo.svg" width="120" height="120" alt="">
<img src="/small.png" srcset="/small.png 1x, /large.png 2x" width="100" height="100" alt="">
<img src="https://images.example.org/x.jpg" width="480" height="360" alt="">
<astro-island component-url="/_astro/Hero.D4.js" renderer-url="/_astro/client.E5.js" client="idle"></astro-island>
<astro-island component-url="/_astro/Form.F6.js" renderer-url="/_astro/client.E5.js" client="visible"></astro-island>
</body></html>`;

const FILES: Record<string, string> = {
  'pt.html': PAGE,
  'favicon.svg': '<svg/>',
  'touch.png': 'png',
  'logo.svg': '<svg/>',
  'small.png': 's'.repeat(10),
  'large.png': 'l'.repeat(40),
  '_astro/index.A1.css': 'body{background:url(/bg.png)}',
  'bg.png': 'b'.repeat(7),
  '_astro/Menu.astro_astro_type_script_index_0_lang.B2.js': 'import{a}from"./shared.G7.js";a();',
  '_astro/inline-dep.C3.js': 'export{};',
  '_astro/Hero.D4.js':
    'import{a}from"./shared.G7.js";import{r}from"./react.H8.js";const v=()=>import("./web-vitals.I9.js");a(r,v);',
  '_astro/Form.F6.js': 'import{r}from"./react.H8.js";export default r;',
  '_astro/client.E5.js': 'import{r}from"./react.H8.js";export default r;',
  '_astro/shared.G7.js': 'export const a=()=>1;',
  '_astro/react.H8.js': 'export const r=1;',
  '_astro/web-vitals.I9.js': 'import{a}from"./shared.G7.js";import"./later-dep.J1.js";export const never=a;',
  '_astro/later-dep.J1.js': 'export{};',
};

let dist = '';
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'first-load-'));
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  // Only some files have precompressed variants, as precompress.ts skips small files.
  writeFileSync(join(dist, '_astro/react.H8.js.gz'), 'g'.repeat(5));
  writeFileSync(join(dist, '_astro/react.H8.js.br'), 'b'.repeat(4));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('readFirstLoad', () => {
  it('follows the HTML, its islands and their static imports, and nothing dynamic or outside', async () => {
    const load = await readFirstLoad(dist, '/pt');
    expect(load.assets.map((asset) => asset.path).sort()).toEqual(
      [
        '/_astro/Form.F6.js',
        '/_astro/Hero.D4.js',
        '/_astro/Menu.astro_astro_type_script_index_0_lang.B2.js',
        '/_astro/client.E5.js',
        '/_astro/index.A1.css',
        '/_astro/inline-dep.C3.js',
        '/_astro/react.H8.js',
        '/_astro/shared.G7.js',
        '/bg.png',
        '/favicon.svg',
        '/large.png',
        '/logo.svg',
      ].sort(),
    );
    expect(load.external).toEqual(['https://images.example.org/x.jpg']);
    const hero = load.entries.find((entry) => entry.name === 'Hero');
    expect(hero).toMatchObject({ kind: 'island', hydrate: 'idle' });
    expect(load.entries.filter((entry) => entry.kind === 'renderer')).toHaveLength(1);
  });

  it('counts each file once, compressed when a variant exists and raw otherwise', async () => {
    const load = await readFirstLoad(dist, '/pt');
    const react = load.assets.find((asset) => asset.path === '/_astro/react.H8.js');
    expect(react).toMatchObject({ raw: 17, gzip: 5, brotli: 4 });
    const totals = firstLoadTotals(load);
    const scripts = load.assets.filter((asset) => asset.kind === 'script');
    expect(totals.javascript.raw).toBe(scripts.reduce((sum, asset) => sum + asset.raw, 0));
    expect(totals.images.raw).toBe(6 + 40 + 6 + 7);
    expect(totals.total.raw).toBe(PAGE.length + load.assets.reduce((sum, asset) => sum + asset.raw, 0));
  });

  it('groups the bytes by island, with the React runtime and shared chunks apart', async () => {
    const groups = groupBundles(await readFirstLoad(dist, '/pt'));
    const files = Object.fromEntries(groups.map((group) => [group.label, group.files]));
    expect(files['Hero (island, idle)']).toEqual(['/_astro/Hero.D4.js']);
    expect(files['React runtime (shared)']?.sort()).toEqual(['/_astro/client.E5.js', '/_astro/react.H8.js']);
    expect(files['shared chunks']).toEqual(['/_astro/shared.G7.js']);
    expect(files['index.css (stylesheet)']).toEqual(['/_astro/index.A1.css']);
  });

  it('measures a chunk loaded later apart, with its own static imports but not those of the first load', async () => {
    const load = await readFirstLoad(dist, '/pt');
    const later = await loadedLater(dist, load, 'web-vitals');
    expect(later.map((asset) => asset.path)).toEqual(['/_astro/web-vitals.I9.js', '/_astro/later-dep.J1.js']);
    expect(await loadedLater(dist, load, 'nothing')).toEqual([]);
  });

  it('names pages by their clean URL', async () => {
    expect(await builtPages(dist)).toEqual([{ file: join(dist, 'pt.html'), page: '/pt' }]);
  });

  it('says which file is missing when the HTML references one that is not built', async () => {
    writeFileSync(join(dist, 'broken.html'), '<script type="module" src="/_astro/gone.js"></script>');
    await expect(readFirstLoad(dist, '/broken')).rejects.toThrow('/broken references /_astro/gone.js');
    rmSync(join(dist, 'broken.html'));
  });
});
