/**
 * The page's start (src/page-start/) uses Astro through its public API only, and was read
 * against the Astro that is installed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_ASTRO_VERSION } from '../../../src/page-start/astro-version.ts';

const installedAstro = (createRequire(import.meta.url)('astro/package.json') as { version: string }).version;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:ts|tsx|astro|mjs)$/.test(file))
    .map((file) => join(folder, file));
}

describe('the page start', () => {
  it('was checked against the installed Astro', () => {
    expect(
      installedAstro,
      `Astro ${installedAstro} is installed; src/page-start/ was read against ${CHECKED_ASTRO_VERSION}. ` +
        'Compare router.ts with the script of astro/components/ClientRouter.astro, RouterTags.astro with ' +
        'the tags it writes, and persisted-islands.ts with the router’s events and swap, then update astro-version.ts.',
    ).toBe(CHECKED_ASTRO_VERSION);
  });

  it('imports nothing from Astro’s private modules', () => {
    const privateImports = [...sourceFiles('src'), 'astro.config.mjs'].filter((file) =>
      /from\s+['"]astro\/(?:virtual-modules|dist)\//.test(readFileSync(file, 'utf8')),
    );
    expect(privateImports).toEqual([]);
  });
});
