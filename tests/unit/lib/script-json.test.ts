import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../../src/lib/script-json.ts';
import { hostileText } from '../../hostile-text.ts';

describe('JSON inside a script element', () => {
  it('holds no character that could start markup, and reads back as the same data', () => {
    fc.assert(
      fc.property(fc.dictionary(hostileText(), fc.oneof(hostileText(), fc.array(hostileText()))), (data) => {
        const text = jsonForScript(data);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(data);
      }),
    );
  });
});
