/**
 * The build's page policy: the union of the script and style hashes Astro declares in each
 * page, kept only where a page writes that script or style. A text in the page that merely
 * looks like a tag (in an attribute, where Astro escapes only quotes and ampersands) must
 * neither hide a real inline script nor count as one.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { pagePolicy } from '../../../src/integrations/page-policy.ts';
import { PAGE_POLICY_FILE, pagePolicySchema, type PagePolicy } from '../../../src/lib/page-policy.ts';
import { sha256 as hash } from '../server/fixture-files.ts';

const SCRIPT = '(function(){location.replace("/pt")})();';
const MODULE = 'import "/_astro/page.js";';
const STYLE = '.page{color:red}';
const NEVER_WRITTEN = 'console.log("declared, never written")';
const DATA_BLOCK = '{"@type":"Person"}';

/** Escapes an attribute value as Astro does: only the ampersand and the double quote. */
const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** A page as Astro writes it: its policy element first in the head, then a title attribute holding `text`. */
function page(text: string): string {
  const declared = [SCRIPT, MODULE, NEVER_WRITTEN].map(hash).join(' ');
  return [
    `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="script-src 'self' ${declared}; style-src 'self' ${hash(STYLE)}">`,
    `<link rel="alternate" title="${attribute(text)}" href="/feed.rss">`,
    `<style>${STYLE}</style><script>${SCRIPT}</script>`,
    `<script type="application/ld+json">${DATA_BLOCK}</script></head>`,
    `<body><p>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p><script type="module">${MODULE}</script></body></html>`,
  ].join('');
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs the integration over a build folder holding `pages`; the policy it writes, and the pages after. */
async function buildWith(pages: Record<string, string>): Promise<{ policy: PagePolicy; pages: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'page-policy-'));
  folders.push(dir);
  for (const [file, html] of Object.entries(pages)) writeFileSync(join(dir, file), html);
  const done = pagePolicy().hooks['astro:build:done'];
  await done?.({ dir: pathToFileURL(`${dir}/`) } as Parameters<NonNullable<typeof done>>[0]);
  return {
    policy: pagePolicySchema.parse(JSON.parse(readFileSync(join(dir, PAGE_POLICY_FILE), 'utf8'))),
    pages: Object.keys(pages).map((file) => readFileSync(join(dir, file), 'utf8')),
  };
}

const EXPECTED: PagePolicy = { scriptHashes: [hash(SCRIPT), hash(MODULE)].sort(), styleHashes: [hash(STYLE)] };

describe('the page policy', () => {
  it('lists the declared scripts and styles the pages write, and takes the policy element out', async () => {
    const { policy, pages } = await buildWith({ 'a.html': page('plain'), 'b.html': page('other') });
    expect(policy).toEqual(EXPECTED);
    for (const html of pages) expect(html).not.toContain('content-security-policy');
  });

  it('keeps every inline script when a text holds what looks like tags', async () => {
    const { policy } = await buildWith({ 'a.html': page('</style><!--<script>x') });
    expect(policy).toEqual(EXPECTED);
  });

  it('is the same whatever text the pages hold (arbitrary Unicode)', async () => {
    const pieces = fc.constantFrom(
      '<script>',
      '</script>',
      '<style>',
      '</style>',
      '<!--',
      '-->',
      '<',
      '>',
      '"',
      "'",
      '&',
    );
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme' }), pieces), { maxLength: 12 })
      .map((parts) => parts.join(''));
    await fc.assert(
      fc.asyncProperty(text, async (hostile) => {
        const { policy } = await buildWith({ 'a.html': page(hostile) });
        expect(policy).toEqual(EXPECTED);
      }),
      { numRuns: 60 },
    );
  });
});
