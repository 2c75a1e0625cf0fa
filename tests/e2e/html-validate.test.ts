/** Every built page is valid HTML, and every icon it points at is drawn in the icon sprite. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { SOCIAL_ICONS, socialIconId } from '../../src/lib/social-icons.ts';

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

  // An icon is a `<use>` of a symbol in /icons.<version>.svg (src/data/icon-sprite.ts), or in
  // the page itself where it draws them (the landing pages): a missing one leaves an empty box,
  // and a name whose version is not the content's would keep a cached old drawing for a year.
  const [spriteFile = '', ...otherSprites] = readdirSync('dist').filter((name) => /^icons\..*\.svg$/.test(name));
  const sprite = readFileSync(join('dist', spriteFile), 'utf8');
  const version = createHash('sha256').update(sprite).digest('hex').slice(0, 10);
  it('has one sprite, named by its content', () => {
    expect(otherSprites).toEqual([]);
    expect(spriteFile).toBe(`icons.${version}.svg`);
  });
  it.each(pages)('dist/%s points its icons at symbols of the current sprite, or of its own', (page) => {
    const html = readFileSync(join('dist', page), 'utf8');
    const used = [...html.matchAll(/<use href="([^"]*)"/g)].map((match) => match[1] ?? '');
    for (const href of used) {
      const [file, id = ''] = href.split('#');
      if (file === '') {
        expect(html, `${page} draws #${id}`).toContain(`<symbol id="${id}"`);
      } else {
        expect(file).toBe(`/${spriteFile}`);
        expect(sprite).toContain(`<symbol id="${id}"`);
      }
    }
  });

  it('has every platform icon in the sprite', () => {
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    for (const name of SOCIAL_ICONS)
      expect(sprite).toContain(`<symbol id="${socialIconId(name)}" viewBox="0 0 24 24">`);
  });
});
