import { describe, expect, it } from 'vitest';
import { entityTagsIn, ifNoneMatchMatches } from '../../../server/services/http/entity-tags.ts';

describe('entityTagsIn', () => {
  it('lists the tags of a header, weak ones with their prefix, commas inside quotes kept', () => {
    expect(entityTagsIn('"a", W/"b" ,"c,d"')).toEqual(['"a"', 'W/"b"', '"c,d"']);
    expect(entityTagsIn('*')).toEqual([]);
    expect(entityTagsIn('')).toEqual([]);
  });
});

describe('ifNoneMatchMatches', () => {
  it('is false without a header or for another tag', () => {
    expect(ifNoneMatchMatches(undefined, '"a"')).toBe(false);
    expect(ifNoneMatchMatches('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchMatches('', '"a"')).toBe(false);
  });

  it('compares weakly: a weak tag names the strong one, and either names itself', () => {
    expect(ifNoneMatchMatches('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"A"', '"a"')).toBe(false);
  });

  it('finds the tag anywhere in a list, spaces or not', () => {
    expect(ifNoneMatchMatches(' "b" ,"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b",W/"a","c"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b", "c"', '"a"')).toBe(false);
    // A comma inside a tag does not split it.
    expect(ifNoneMatchMatches('"x,a"', '"a"')).toBe(false);
    expect(ifNoneMatchMatches('"x,a"', '"x,a"')).toBe(true);
  });

  it('takes `*` for any current answer, unless the caller cannot tell yet', () => {
    expect(ifNoneMatchMatches('*', '"a"')).toBe(true);
    expect(ifNoneMatchMatches(' * ', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('*', '"a"', { wildcard: false })).toBe(false);
    // `*` is a whole header, never a member of a list.
    expect(ifNoneMatchMatches('"b", *', '"a"')).toBe(false);
  });
});
