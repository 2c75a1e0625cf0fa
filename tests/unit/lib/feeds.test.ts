import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newestFirst, releaseDate, rssXml, type FeedItem } from '../../../src/lib/feeds.ts';

/** Characters XML 1.0 allows. */
const XML_CHAR = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
/** Character data: no markup, and `&` only as one of the predefined entities. */
const CHARACTER_DATA = /^(?:[^<&]|&(?:amp|lt|gt|quot|apos);)*$/u;
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/gy;

/**
 * A strict check of the feed's XML (no parser package is a dependency): well-formed text and
 * attribute values, every element closed in order. Returns how many `<item>` it holds.
 */
function parseStrict(xml: string): { items: number } {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (!xml.startsWith(declaration)) throw new Error('no XML declaration');
  if (!XML_CHAR.test(xml)) throw new Error('a character XML cannot hold');
  const stack: string[] = [];
  let items = 0;
  let at = declaration.length;
  while (at < xml.length) {
    const next = xml.indexOf('<', at);
    const text = xml.slice(at, next === -1 ? xml.length : next);
    if (!CHARACTER_DATA.test(text)) throw new Error(`bad character data at ${at}`);
    if (next === -1) break;
    TAG.lastIndex = next;
    const match = TAG.exec(xml);
    if (!match) throw new Error(`bad markup at ${next}`);
    const [whole, closing, name = '', attributes = '', selfClosing] = match;
    for (const [, value = ''] of attributes.matchAll(/="([^"]*)"/g))
      if (!CHARACTER_DATA.test(value)) throw new Error(`bad attribute of ${name}`);
    if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
    } else if (!selfClosing) {
      stack.push(name);
      if (name === 'item') items += 1;
    }
    at = next + whole.length;
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(', ')}`);
  return { items };
}

const channel = {
  lang: 'en' as const,
  title: 'News',
  description: 'All of it',
  link: 'https://example.test/en',
  self: 'https://example.test/feeds/en.rss',
};

describe('rssXml', () => {
  it('is checked by a check that refuses broken XML', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    for (const broken of ['<a>&</a>', '<a><b></a></b>', '<a>\u0001</a>', '<a x="<">y</a>', '<a>'])
      expect(() => parseStrict(`${head}${broken}`), broken).toThrow();
  });

  it('is well-formed XML holding every entry, whatever the texts (arbitrary Unicode)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), (texts) => {
        const items: FeedItem[] = texts.map((text, index) => ({
          id: `x:${index}`,
          title: text,
          link: `https://example.test/${index}`,
          description: text,
          date: index % 2 ? new Date(Date.UTC(2024, index, 1)) : null,
        }));
        expect(parseStrict(rssXml(channel, items)).items).toBe(texts.length);
      }),
    );
  });

  it('puts dated entries newest first, undated ones after in their order', () => {
    const item = (id: string, date: Date | null): FeedItem => ({ id, title: id, link: id, description: id, date });
    const sorted = newestFirst([
      item('video-a', null),
      item('old', releaseDate('2023-04')),
      item('video-b', null),
      item('new', releaseDate('2025-02-03')),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual(['new', 'old', 'video-a', 'video-b']);
    expect(releaseDate('2023-04')?.toISOString()).toBe('2023-04-01T00:00:00.000Z');
  });
});
