import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePoemTexts } from '../../../src/lib/poem-texts.ts';

describe('parsePoemTexts', () => {
  it('keeps every text of any object of texts, whatever their characters', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })), (texts) => {
        // Through JSON, as the browser receives the file.
        const received: unknown = JSON.parse(JSON.stringify(texts));
        expect(parsePoemTexts(received)).toEqual(received);
      }),
    );
  });

  it('keeps a text whose id is __proto__ as its own entry', () => {
    const parsed = parsePoemTexts(JSON.parse('{"__proto__":"verso","mar":"onda"}'));
    expect(Object.keys(parsed)).toEqual(['__proto__', 'mar']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it.each([
    ['an array', ['text']],
    ['null', null],
    ['a string', 'text'],
    ['a number', 3],
    ['a text that is not a string', { poem: 3 }],
    ['a text that is an object', { poem: { text: 'x' } }],
  ])('refuses %s', (_name, value) => {
    expect(() => parsePoemTexts(value)).toThrow(TypeError);
  });
});
