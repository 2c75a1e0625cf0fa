import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRange } from '../../../server/services/http/byte-ranges.ts';

const SIZE = 1000;

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'part', start: 0, end: 99 }],
    ['bytes=990-', { kind: 'part', start: 990, end: 999 }],
    ['bytes=-10', { kind: 'part', start: 990, end: 999 }],
    ['bytes=-5000', { kind: 'part', start: 0, end: 999 }],
    ['bytes=10-99999999999999999999999', { kind: 'part', start: 10, end: 999 }],
    ['Bytes=0-0', { kind: 'part', start: 0, end: 0 }],
    ['bytes=0-1, 0-1,,2-3', { kind: 'part', start: 0, end: 3 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999999-', { kind: 'unsatisfiable' }],
    ['bytes=0-0,-1', { kind: 'whole' }],
    ['bytes=5-2', { kind: 'whole' }],
    ['bytes=abc', { kind: 'whole' }],
    ['bytes=0x10-', { kind: 'whole' }],
    ['bytes=1e3-', { kind: 'whole' }],
    ['bytes=+1-2', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=', { kind: 'whole' }],
    ['bytes=0-1,5-2', { kind: 'whole' }],
    ['bytes 0-1', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=١-٢', { kind: 'whole' }],
  ])('%s', (header, answer) => {
    expect(parseRange(header, SIZE)).toEqual(answer);
  });

  it('has nothing to give from an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('never throws, and only ever names bytes the file has', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `bytes=${s}`),
        ),
        fc.nat(),
        (header, size) => {
          const answer = parseRange(header, size);
          if (answer.kind === 'part') {
            expect(answer.start).toBeGreaterThanOrEqual(0);
            expect(answer.start).toBeLessThanOrEqual(answer.end);
            expect(answer.end).toBeLessThan(size);
          }
        },
      ),
    );
  });

  it('gives exactly the asked bytes of first-last, clipped to the file, and ignores last < first', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (first, last, size) => {
        const answer = parseRange(`bytes=${first}-${last}`, size);
        if (last < first) expect(answer).toEqual({ kind: 'whole' });
        else if (first >= size) expect(answer).toEqual({ kind: 'unsatisfiable' });
        else expect(answer).toEqual({ kind: 'part', start: first, end: Math.min(last, size - 1) });
      }),
    );
  });

  it('gives the last n bytes of a suffix, or the whole file when n is longer', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 2 ** 40 }), (length, size) => {
        const answer = parseRange(`bytes=-${length}`, size);
        if (length === 0) expect(answer).toEqual({ kind: 'unsatisfiable' });
        else expect(answer).toEqual({ kind: 'part', start: Math.max(0, size - length), end: size - 1 });
      }),
    );
  });
});
