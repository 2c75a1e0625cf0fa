import { describe, expect, it } from 'vitest';
import { entityTagsIn, ifNoneMatchMatches } from '../../../server/services/http/entity-tags.ts';

describe('entityTagsIn', () => {
  it('lists the tags of a header, weak ones with their prefix, commas inside quotes kept', () => {
    expect(entityTagsIn('"a", W/"b" ,"c,d"')).toEqual(['"a"', 'W/"b"', '"c,d"']);
    expect(entityTagsIn('*')).toEqual([]);
    expect(entityTagsIn('')).toEqual([]);
  });
});

/** Whether each If-None-Match header names the answer's tag `"a"`. */
function expectNamesA(cases: [header: string | undefined, names: boolean][]) {
  for (const [header, names] of cases) expect(ifNoneMatchMatches(header, '"a"'), String(header)).toBe(names);
}

describe('ifNoneMatchMatches', () => {
  it('is false without a header or for another tag', () => {
    expectNamesA([
      [undefined, false],
      ['"b"', false],
      ['', false],
    ]);
  });

  it('compares weakly: a weak tag names the strong one, and either names itself', () => {
    expectNamesA([
      ['"a"', true],
      ['W/"a"', true],
      ['"A"', false],
    ]);
  });

  it('finds the tag anywhere in a list, spaces or not', () => {
    expectNamesA([
      [' "b" ,"a"', true],
      ['"b",W/"a","c"', true],
      ['"b", "c"', false],
      // A comma inside a tag does not split it.
      ['"x,a"', false],
    ]);
    expect(ifNoneMatchMatches('"x,a"', '"x,a"')).toBe(true);
  });

  it('takes `*` for any current answer, unless the caller cannot tell yet', () => {
    expectNamesA([
      ['*', true],
      [' * ', true],
      // `*` is a whole header, never a member of a list.
      ['"b", *', false],
    ]);
    expect(ifNoneMatchMatches('*', '"a"', { wildcard: false })).toBe(false);
  });
});
