/**
 * The poems' texts, by poem id, as `/poems.<version>.json` serves them
 * (src/pages/poems.[version].json.ts). They are fetched when the poems' carousel comes near
 * rather than written into the home page's HTML: with their texts there, the page no longer
 * fit the first round trip of its response.
 */
export type PoemTexts = Readonly<Record<string, string>>;

/** The texts from the file's JSON; anything else is an error (a broken or foreign answer). */
export function parsePoemTexts(value: unknown): PoemTexts {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('poem texts: expected an object of texts by poem id');
  }
  const entries = Object.entries(value);
  for (const [id, text] of entries) {
    if (typeof text !== 'string') throw new TypeError(`poem texts: the text of "${id}" is not a string`);
  }
  // fromEntries defines each id as its own property: assigning `texts['__proto__']` would
  // change the object's prototype instead and lose that text.
  return Object.fromEntries(entries);
}
