/** Every built page is valid HTML. */
import { readdirSync } from 'node:fs';
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
});
