/**
 * GraphQL documents built to cost the server: each kind of refusal, for the hostile scenario,
 * and families of unique documents for the memory scenario, each of which Mercurius's default
 * caches of 1,024 would keep (parsed, validated, compiled).
 */

/** Texts of the server's own failures, which no GraphQL answer may carry. */
export const INTERNAL_ERROR_TEXT =
  /Maximum call stack|Invalid AST Node|Cannot read prop|is not a function|is not iterable|RangeError|TypeError/;

/** The playlist query with `value` as its argument. */
const withArgument = (value: string, name = '') => `query ${name} { playlist(playlistName: ${value}) { title } }`;
/** `open` nested `depth` times around `inner`. */
const nested = (open: string, close: string, depth: number, inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

export interface GraphqlRepro {
  what: string;
  /** The JSON body. */
  body: string;
}

const repro = (what: string, query: string, variables?: object): GraphqlRepro => ({
  what,
  body: JSON.stringify({ query, variables }),
});

/**
 * Well-formed requests whose documents the server refuses, one of each kind, the nested literal
 * that once overflowed the parser's stack first. All must get the same status.
 */
export const GRAPHQL_REFUSALS: readonly GraphqlRepro[] = [
  repro('a 7.6 KB nested object literal', withArgument(nested('{a:', '}', 1_900))),
  repro('a 3,000-level nested list', withArgument(nested('[', ']', 3_000))),
  repro('JSON as the query text', '{"kind":"Document","definitions":[]}'),
  repro('over 1,000 tokens', `{ ${'a '.repeat(1_200)}}`),
  repro('introspection', '{ __schema { types { name } } }'),
  repro('a fragment cycle', '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }'),
  repro('one unknown field', '{ nope }'),
  repro('eleven aliases', `{ ${Array.from({ length: 11 }, (_, i) => `a${i}: playlists { name }`).join(' ')} }`),
  repro('a missing playlist name', 'query ($n: String) { playlist(playlistName: $n) { title } }', { n: null }),
];

export interface UniqueDocument {
  family: string;
  body: string;
  /** How many times it is sent: twice made Mercurius compile it (graphql-jit). */
  times: number;
}

const aliases = (count: number, field: (k: number) => string) =>
  Array.from({ length: count }, (_, k) => `a${k}: ${field(k)}`).join(' ');

/** The families, each making its `i`th document: unique through `i`, within the body limit. */
const FAMILIES: readonly [string, number, (i: number) => string][] = [
  // Overflows graphql-js's parser's stack; refused before parsing.
  ['nested literal, 1,900 levels', 1, (i) => withArgument(nested('{a:', '}', 1_900, String(i)), `H${i}`)],
  // Parses without a nesting cap (3,000 tokens kept with the document), then fails validation.
  ['nested literal, 1,000 levels', 1, (i) => withArgument(nested('{a:', '}', 1_000, String(i)), `H${i}`)],
  // Within every cap, close to the token cap, and refused by validation.
  [
    'nested literals within the caps',
    1,
    (i) =>
      `query H${i} { ${aliases(8, (k) => `playlist(playlistName: ${nested('{a:', '}', 25, `${i}${k}`)}) { title }`)} }`,
  ],
  [
    'ten aliased playlists',
    2,
    (i) =>
      `query H${i} { ${aliases(10, (k) => `playlist(playlistName: "n${i}-${k}") { title artist album url duration trackNumber coverUrl mimeType }`)} }`,
  ],
  ['99 fields', 2, (i) => `query H${i} { ${'playlists { name trackCount } '.repeat(33)}}`],
  [
    'a fragment cycle',
    1,
    (i) =>
      `query H${i} { ...F0 } ${Array.from({ length: 10 }, (_, k) => `fragment F${k} on Query { playlists { name } ...F${(k + 1) % 10} }`).join(' ')}`,
  ],
  ['90 unknown fields', 1, (i) => `query H${i} { ${Array.from({ length: 90 }, (_, k) => `f${i}_${k}`).join(' ')} }`],
];

/** The `i`th of the unique hostile documents, the families taking turns. */
export function uniqueDocument(i: number): UniqueDocument {
  const entry = FAMILIES[i % FAMILIES.length];
  if (!entry) throw new Error('there are no families of documents');
  const [family, times, make] = entry;
  return { family, times, body: JSON.stringify({ query: make(i) }) };
}
