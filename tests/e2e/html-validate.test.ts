/** Every built page is valid HTML, and draws every icon it points at. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';

const pages = readdirSync('dist', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .sort();

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  // Astro writes the `astro-island { display: contents }` style element before the first
  // island, inside the body; browsers apply it as they do any style element.
  elements: ['html5', { style: { flow: true } }],
  rules: {
    // React writes boolean attributes as `hidden=""` and `disabled=""`, Astro without a value:
    // both are valid HTML.
    'attribute-empty-style': 'off',
    'attribute-boolean-style': 'off',
    // React's server renderer writes some attribute names in camelCase (autoComplete,
    // maxLength); HTML attribute names are case-insensitive, so the markup is valid.
    'attr-case': 'off',
    // Astro writes `<!DOCTYPE html>`; the recommended rule wants lowercase.
    'doctype-style': 'off',
    // Minified output: attributes and void elements are written the short way.
    'void-style': 'off',
    'no-trailing-whitespace': 'off',
    // No style attributes: the page CSP refuses them (no `style-src-attr 'unsafe-inline'`).
    'no-inline-style': 'error',
  },
});

describe('html-validate', () => {
  it('finds the built pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(12);
  });

  it.each(pages)('dist/%s is valid', async (page) => {
    const report = await validator.validateFile(join('dist', page));
    const messages = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId} at ${message.line}:${message.column}: ${message.message}`),
    );
    expect(messages).toEqual([]);
  });

  // An icon is a `<use>` of a symbol the layout adds once (SocialIconSprite.astro), when the
  // page lists the icons it shows; a missing one leaves an empty box.
  it.each(pages)('dist/%s holds a symbol for every icon it uses', (page) => {
    const html = readFileSync(join('dist', page), 'utf8');
    const used = [...html.matchAll(/<use href="#([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(used.filter((id) => !html.includes(`<symbol id="${id}"`))).toEqual([]);
  });
});
