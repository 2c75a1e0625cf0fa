/**
 * The studio as `npm run build` leaves it: each part's module where the server looks for it to
 * preload, and every script, style and WebAssembly file with the brotli and gzip copies the
 * server sends in its place.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCompressible } from '../../scripts/compressible.ts';
import { sectionPreloads } from '../../server/services/studio/section-preloads.ts';
import { STUDIO_SECTION_SOURCES, STUDIO_SECTIONS } from '../../src/lib/studio-auth.ts';

const STUDIO_DIR = 'dist-studio';

describe('the studio’s build', () => {
  it.each(STUDIO_SECTIONS)('names the scripts of the %s part for the server to preload', async (section) => {
    const urls = await sectionPreloads(STUDIO_DIR, STUDIO_SECTION_SOURCES[section]);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(existsSync(join(STUDIO_DIR, url.replace(/^\/studio\//, '')))).toBe(true);
  });

  it('keeps a brotli and a gzip copy of each script, style and WebAssembly file', () => {
    const assets = join(STUDIO_DIR, 'assets');
    const files = readdirSync(assets).filter((name) => /\.(js|css|wasm)$/.test(name));
    expect(files.some((name) => name.endsWith('.wasm'))).toBe(true);
    const worthIt = files.filter((name) => isCompressible(name, statSync(join(assets, name)).size));
    const missing = worthIt.filter(
      (name) => !existsSync(join(assets, `${name}.br`)) || !existsSync(join(assets, `${name}.gz`)),
    );
    expect(worthIt.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
