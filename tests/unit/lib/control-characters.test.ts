import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControls, withoutControls } from '../../../src/lib/control-characters.ts';

// eslint-disable-next-line no-control-regex -- the characters that must never get through
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('control characters', () => {
  it('shows escapes and bidirectional overrides as visible text', () => {
    expect(escapeControls('\u001b[31mred\u009b\u202egnp.exe\n')).toBe('\\x1B[31mred\\x9B\\u202Egnp.exe\\x0A');
    expect(withoutControls('\u001b[31mred\u202e\u0085')).toBe('[31mred');
  });

  it('never lets one through, and leaves other text alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(escapeControls(text)).not.toMatch(CONTROL);
        expect(withoutControls(text)).not.toMatch(CONTROL);
        if (!CONTROL.test(text)) expect(escapeControls(text)).toBe(text);
      }),
    );
  });
});
