/**
 * The check every part of the studio's words passes: each language has every text the
 * Portuguese has, none of them empty, each with the Portuguese's placeholders.
 */
import { expect, it } from 'vitest';
import { LANGUAGES, type Lang } from '../../../src/lib/languages.ts';

/** Every text of a nested object, by its path. */
function leaves(object: object, path = ''): [string, string][] {
  return Object.entries(object).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${path}${key}`, value]] : leaves(value as object, `${path}${key}.`),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** One test a language: `texts` in it written in full, with the Portuguese's placeholders. */
export function itWritesEveryText(texts: Record<Lang, object>): void {
  const pt = new Map(leaves(texts.pt));

  it.each(LANGUAGES)('in %s: every one written, with the Portuguese’s placeholders', (lang) => {
    const written = leaves(texts[lang]);
    expect(written.map(([path]) => path)).toEqual([...pt.keys()]);
    for (const [path, text] of written) {
      expect(text.trim(), path).not.toBe('');
      expect(placeholders(text), `${lang} ${path}`).toEqual(placeholders(pt.get(path) ?? ''));
    }
  });
}
