import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources, type Messages } from '../../../src/i18n/resources.ts';
import { LANGUAGES } from '../../../src/lib/languages.ts';

/** Every leaf of a namespace as `path.to.key` → text. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation resources', () => {
  it('has every namespace in every language', () => {
    for (const lang of LANGUAGES) expect(Object.keys(resources[lang]).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: the same keys in pt, en and es, none empty, same placeholders`, () => {
      const reference = flatten(resources.en[namespace]);
      for (const lang of LANGUAGES) {
        const messages = flatten(resources[lang][namespace]);
        expect([...messages.keys()].sort(), `${lang}/${namespace}.json keys`).toEqual([...reference.keys()].sort());
        for (const [key, text] of messages) {
          expect(text.trim(), `${lang}/${namespace}.json ${key} is empty`).not.toBe('');
          expect(placeholders(text), `${lang}/${namespace}.json ${key} placeholders`).toEqual(
            placeholders(reference.get(key) ?? ''),
          );
        }
      }
    });
  }
});
