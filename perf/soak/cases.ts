/**
 * The hostile cases, generated with fast-check from a seed (the same seed gives the same
 * cases): contact bodies of every wrong shape, malformed and huge JSON, GraphQL documents
 * built to cost (nested literals, JSON as the query text), traversal and NUL bytes in media
 * URLs, absurd Range headers, odd page paths.
 */
import fc from 'fast-check';
import { PLAYLIST_QUERY } from '../../src/lib/playlist-api.ts';
import { trackPath } from './media.ts';

export interface HostileCase {
  family: 'contact' | 'json' | 'graphql' | 'media' | 'range' | 'page';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A real track every range case asks for. */
export const RANGE_TRACK = trackPath('TTMM', '01-O Chamado.wav');

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const edgeUnicode = fc.constantFrom(
  '\u202e',
  '\u200b',
  '\ufeff',
  '\u2028',
  '\u2029',
  'e\u0301',
  '👩‍👩‍👧',
  '\u{10ffff}',
  '\ufffd',
);
/** Text mixing every kind of character the form could be sent. */
const wildText = fc.string({
  unit: fc.oneof(fc.string({ unit: 'binary', maxLength: 1 }), loneSurrogate, edgeUnicode),
  maxLength: 120,
});
const injection = fc
  .tuple(
    fc.constantFrom('Eve', 'eve@example.com'),
    fc.constantFrom('\r\n', '\n', '\r', '%0d%0a', '\u0085'),
    fc.constantFrom('Bcc: victim@evil.test', 'To: all@evil.test', 'Subject: hi', 'Content-Type: text/html'),
  )
  .map(([start, newline, header]) => `${start}${newline}${header}`);
const wrongType = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const field = fc.oneof(wildText, injection, wrongType, fc.string({ minLength: 90, maxLength: 6000 }));
const email = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((address) => `${address}\r\nBcc: victim@evil.test`),
  fc.tuple(fc.emailAddress(), fc.emailAddress()).map(([a, b]) => `${a}, ${b}`),
  fc.emailAddress().map((address) => `"Eve" <${address}>`),
  wildText,
  wrongType,
);

const contact = fc
  .record(
    {
      name: field,
      email,
      message: field,
      lang: fc.oneof(fc.constantFrom('pt', 'en', 'es', 'fr', '../'), wrongType),
      website: fc.oneof(fc.constant(''), wildText),
    },
    { requiredKeys: [] },
  )
  .map((body): Omit<HostileCase, 'headers'> & { headers: Record<string, string> } => ({
    family: 'contact',
    method: 'POST',
    path: '/api/send-email',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }));

const malformedJson = fc
  .tuple(
    fc.oneof(
      fc.json().map((text) => text.slice(0, Math.max(1, Math.floor(text.length / 2)))),
      fc.string({ maxLength: 200 }),
      fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
      fc.integer({ min: 1, max: 4_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
      fc.constantFrom(
        '{"__proto__":{"polluted":true},"name":"x"}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        'null',
        '[]',
        '""',
        '1e999',
        '{"name":"\\ud800"}',
        '\u0000',
        '{}',
      ),
      fc
        .integer({ min: 17_000, max: 400_000 })
        .map((size) => JSON.stringify({ name: 'x', email: 'a@b.co', message: 'm'.repeat(size) })),
    ),
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json\u0000',
      '',
    ),
    fc.constantFrom('/api/send-email', '/graphql'),
  )
  .map(([body, type, path]): HostileCase => ({
    family: 'json',
    method: 'POST',
    path,
    headers: type === '' ? {} : { 'content-type': type.replace('\u0000', '') },
    body,
  }));

const traversalName = fc.constantFrom(
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'Singles/../../',
  'Singles\u0000',
  '\u0000',
  '....//....//',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '%2e%2e',
);
const playlistName = fc.oneof(
  traversalName,
  wildText,
  fc.constantFrom('Singles', 'TTMM', 'Cocktail Nº1', ' Singles ', 'singles'),
  fc.string({ minLength: 190, maxLength: 400 }),
);
const graphqlBody = fc.oneof(
  fc
    .integer({ min: 1, max: 400 })
    .map((depth) => ({ query: `{ ${'playlists { '.repeat(depth)}name${' }'.repeat(depth)} }` })),
  fc.integer({ min: 2, max: 3_000 }).map((count) => ({
    query: `{ ${Array.from({ length: count }, (_, i) => `a${i}: playlist(playlistName: "Singles") { url }`).join(' ')} }`,
  })),
  fc.integer({ min: 2, max: 12 }).map((length) => ({
    query: `{ ...F0 } ${Array.from({ length }, (_, i) => `fragment F${i} on Query { playlists { name } ...F${(i + 1) % length} }`).join(' ')}`,
  })),
  fc
    .integer({ min: 2, max: 50 })
    .map((count) =>
      Array.from({ length: count }, () => ({ query: PLAYLIST_QUERY, variables: { playlistName: 'Singles' } })),
    ),
  // Nested literals in an argument: 1,900 levels of `{a:` overflowed the parser's stack.
  fc
    .tuple(fc.constantFrom(['{a:', '}'], ['[', ']'], ['{a:[', ']}']), fc.integer({ min: 1, max: 2_600 }))
    .map(([[open, close], depth]) => ({
      query: `{ playlist(playlistName: ${open.repeat(depth)}1${close.repeat(depth)}) { title } }`,
    })),
  // JSON as the query text, which Mercurius took for a ready-made document.
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ query: JSON.stringify(value) })),
  fc.constantFrom(
    { query: '{ __schema { types { name fields { name } } } }' },
    { query: '{ __type(name: "Track") { fields { name } } }' },
    { query: '{ playlists { __typename } }' },
  ),
  playlistName.map((name) => ({
    query: 'query ($n: String!) { playlist(playlistName: $n) { title url } }',
    variables: { n: name },
  })),
  fc.record(
    {
      query: fc.oneof(fc.anything({ maxDepth: 2 }), fc.string({ maxLength: 100 })),
      variables: fc.anything({ maxDepth: 2 }),
      operationName: fc.anything({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  ),
  fc.integer({ min: 10, max: 520 }).map((count) => ({ query: `{ ${'playlists{name} '.repeat(count)}}` })),
);
const graphql = graphqlBody.map((body): HostileCase => ({
  family: 'graphql',
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
}));

const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%252e%252e',
    '..%2f..%2f..%2fetc%2fpasswd',
    '..%5c..%5c',
    '%00',
    'Singles%00',
    '.',
    '%2f',
    '%c0%ae%c0%ae',
    '.env',
    'Singles',
    '01-O%20Chamado.wav',
    '01-O%20Chamado.wav%00.txt',
    '%E0%A4%A',
  ),
  wildText.map((text) => encodeURIComponent(text.replaceAll(/[\ud800-\udfff]/g, ''))),
);
const media = fc
  .tuple(
    fc.constantFrom('/media', '/media-covers', '/_astro', ''),
    segment,
    segment,
    fc.option(fc.string({ maxLength: 20 }).map(encodeURIComponent)),
  )
  .map(([prefix, a, b, version]): HostileCase => ({
    family: 'media',
    method: 'GET',
    path: `${prefix}/${a}/${b}${version === null ? '' : `?v=${version}`}`,
    headers: {},
  }));

const bigNumber = fc.oneof(fc.nat(), fc.constantFrom('99999999999999999999999', '-1', '1e3', '0x10', 'NaN', ''));
const range = fc
  .oneof(
    fc.tuple(bigNumber, bigNumber).map(([a, b]) => `bytes=${a}-${b}`),
    bigNumber.map((n) => `bytes=-${n}`),
    fc
      .array(fc.tuple(fc.nat(100_000), fc.nat(100_000)), { minLength: 2, maxLength: 1_000 })
      .map((pairs) => `bytes=${pairs.map(([a, b]) => `${a}-${b}`).join(',')}`),
    fc.string({ maxLength: 60 }).map((text) => text.replaceAll(/[^\x20-\x7e]/g, '')),
    fc.constantFrom('bytes=0-0,-1', 'bytes=--', 'items=0-1', 'bytes=0-1, 0-1, 0-1', 'bytes 0-1'),
    fc.constantFrom('bytes=5-2', 'bytes=abc', 'bytes=-99999999999', 'bytes=0x10-0x20', 'bytes=1e3-'),
  )
  .map((header): HostileCase => ({ family: 'range', method: 'GET', path: RANGE_TRACK, headers: { range: header } }));

const page = fc
  .oneof(
    fc.webPath(),
    fc.constantFrom(
      '//evil.test/',
      '/\\evil.test/',
      '/%2f%2fevil.test/',
      '/%5cevil.test/',
      '///evil.test//',
      '/pt/../../etc/passwd',
      '/pt%00',
      '/pt?%00',
      '/.env',
      '/_headers',
      '/../dist/pt.html',
    ),
    wildText.map((text) => `/${encodeURIComponent(text.replaceAll(/[\ud800-\udfff]/g, ''))}/`),
  )
  .chain((path) =>
    fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE').map((method): HostileCase => ({
      family: 'page',
      method,
      path: path.startsWith('/') ? path : `/${path}`,
      headers: {},
    })),
  );

/** How many cases of each family a run tries (560 in all). */
export const CASE_COUNTS: Record<HostileCase['family'], number> = {
  contact: 120,
  json: 60,
  graphql: 150,
  media: 100,
  range: 70,
  page: 60,
};

/** Every generated case, in a fixed order for a given seed. */
export function generateCases(seed: number): HostileCase[] {
  const families: [HostileCase['family'], fc.Arbitrary<HostileCase>][] = [
    ['contact', contact],
    ['json', malformedJson],
    ['graphql', graphql],
    ['media', media],
    ['range', range],
    ['page', page],
  ];
  return families.flatMap(([family, arbitrary], index) =>
    fc.sample(arbitrary, { numRuns: CASE_COUNTS[family], seed: seed + index }),
  );
}
