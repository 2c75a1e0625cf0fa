import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_ARTIST } from '../../../scripts/demo-media/generate.ts';
import fc from 'fast-check';
import { MAX_ALIASES, MAX_FIELDS, MAX_NESTING, MAX_TOKENS } from '../../../server/services/graphql/limits.ts';
import { fetchPlaylist, MISSING_NAME_ERROR } from '../../../src/lib/playlist-api.ts';
import { buildTestApp, type FixtureSite } from './fixture-site.ts';
import { createMediaFolder, useMediaApp } from './media-fixture.ts';

let site: FixtureSite;
let app: FastifyInstance;

// Hundreds of requests from one address: the rate limit has its own tests.
useMediaApp({ GRAPHQL_RATE_LIMIT: '1000000' }, (served) => {
  ({ site, app } = served);
});

async function graphql(target: FastifyInstance, query: string, variables?: Record<string, unknown>) {
  const response = await target.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
  return { status: response.statusCode, body: response.json<{ data?: unknown; errors?: { message: string }[] }>() };
}

const PLAYLIST =
  'query ($name: String!) { playlist(playlistName: $name) { title artist album url duration trackNumber coverUrl mimeType } }';

describe('playlist(playlistName)', () => {
  it('lists the tracks in order with title, artist and a playable url', async () => {
    const { status, body } = await graphql(app, PLAYLIST, { name: 'Cocktail Nº2' });
    expect(status).toBe(200);
    const tracks = (body.data as { playlist: Record<string, unknown>[] }).playlist;
    expect(tracks.map((track) => track['title'])).toEqual(['Segunda Rodada', 'Subúrbio', 'Teclas ao Vento']);
    expect(tracks[0]).toMatchObject({
      artist: DEMO_ARTIST,
      album: 'Cocktail Nº2',
      trackNumber: 1,
      mimeType: 'audio/wav',
      url: expect.stringMatching(/^\/media\/Cocktail%20N%C2%BA2\/01-Segunda%20Rodada\.wav\?v=[\w-]{10}$/) as unknown,
      coverUrl: expect.stringMatching(/^\/media-covers\/Cocktail%20N%C2%BA2\/01-Segunda%20Rodada\.wav\?v=/) as unknown,
    });
    expect(tracks[0]?.['duration']).toBeCloseTo(1, 1);
  });

  it('answers a repeated (compiled) query with the files as they are now', { timeout: 20_000 }, async () => {
    const ownMedia = await createMediaFolder();
    const watching = await buildTestApp({ ...site, mediaDir: ownMedia.dir }, {}, { watchMedia: true });
    const titles = async () => {
      const { body } = await graphql(watching, PLAYLIST, { name: 'Cocktail Nº2' });
      return (body.data as { playlist: { title: string; url: string }[] }).playlist;
    };
    const before = await titles();
    expect(await titles()).toEqual(before);
    copyFileSync(
      join(ownMedia.dir, 'TTMM', '01-O Chamado.wav'),
      join(ownMedia.dir, 'Cocktail Nº2', '01-Segunda Rodada.wav'),
    );
    await expect.poll(async () => (await titles())[0]?.title, { timeout: 10_000 }).toBe('O Chamado');
    expect((await titles())[0]?.url).not.toBe(before[0]?.url);
    await watching.close();
    ownMedia.cleanup();
  });

  it('gives an empty list for an unknown playlist', async () => {
    const { body } = await graphql(app, PLAYLIST, { name: 'No Such Playlist' });
    expect(body).toEqual({ data: { playlist: [] } });
  });

  it.each(['../', '..', '../../etc', '/etc/passwd', 'Singles/../TTMM', '..%2F..%2F', 'Singles\0', '.'])(
    'finds nothing and touches no file for %j',
    async (name) => {
      const { body } = await graphql(app, PLAYLIST, { name });
      expect(body).toEqual({ data: { playlist: [] } });
    },
  );

  it('refuses a name longer than 200 characters with a clear error', async () => {
    const long = await graphql(app, PLAYLIST, { name: 'x'.repeat(201) });
    expect(long.body.errors?.[0]?.message).toMatch(/longer than 200/);
  });

  it('lists the playlists with their sizes', async () => {
    const { body } = await graphql(app, '{ playlists { name trackCount } }');
    expect((body.data as { playlists: unknown[] }).playlists).toContainEqual({ name: 'TTMM', trackCount: 3 });
  });
});

/** The query the previous site's player sends, exactly as it sends it. */
const PREVIOUS_PLAYER_QUERY = `query GetPlaylist($playlistName: String) {
  playlist(playlistName: $playlistName) { title artist url }
}`;

/** A fetch that hands the request to the app, so the client's own code talks to the real server. */
const fetchThrough =
  (target: FastifyInstance): typeof fetch =>
  async (input, init) => {
    const response = await target.inject({
      method: init?.method === 'POST' ? 'POST' : 'GET',
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(response.body, {
      status: response.statusCode,
      headers: { 'content-type': 'application/json' },
    });
  };

describe("clients written for the previous site's server", () => {
  it("answers the previous player's query, whose variable is a nullable String", async () => {
    const { status, body } = await graphql(app, PREVIOUS_PLAYER_QUERY, { playlistName: 'TTMM' });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const tracks = (body.data as { playlist: Record<string, unknown>[] }).playlist;
    expect(tracks.map((track) => track['title'])).toEqual(['O Chamado', 'A Travessia', 'O Retorno']);
    expect(Object.keys(tracks[0] ?? {})).toEqual(['title', 'artist', 'url']);
  });

  it("answers our own player's query, sent by its own client code", async () => {
    const tracks = await fetchPlaylist('Cocktail Nº2', '', fetchThrough(app));
    expect(tracks.map((track) => track.title)).toEqual(['Segunda Rodada', 'Subúrbio', 'Teclas ao Vento']);
  });

  it.each([
    ['a null variable', PREVIOUS_PLAYER_QUERY, { playlistName: null }],
    ['no variables', PREVIOUS_PLAYER_QUERY, undefined],
    ['an empty name', PREVIOUS_PLAYER_QUERY, { playlistName: '' }],
    ['a blank name', PLAYLIST, { name: '  ' }],
    ['no argument', 'query { playlist { title } }', undefined],
    ['a null literal', 'query { playlist(playlistName: null) { title } }', undefined],
  ])('answers %s with the missing-name message, never a 5xx or a stack', async (_case, query, variables) => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<{ data: unknown; errors: { message: string }[] }>();
    expect(body.data).toBeNull();
    expect(body.errors.map((error) => error.message)).toEqual([MISSING_NAME_ERROR]);
    expect(response.body).not.toMatch(/\n\s+at |\/work\/|node_modules|\.ts:\d/);
  });
});

describe('limits', () => {
  it('refuses queries deeper than allowed', async () => {
    const deep = '{ playlists { name trackCount } playlist(playlistName: "TTMM") { title } }';
    expect((await graphql(app, deep)).status).toBe(200);
    // The schema is shallow, so depth is probed through fragments nesting the same field.
    const { status } = await graphql(app, '{ a: playlists { name } } fragment F on Query { playlists { name } }');
    expect(status).toBe(200);
  });

  it(`refuses more than ${MAX_ALIASES} aliases`, async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: playlists { name }`).join(' ')} }`;
    expect((await graphql(app, aliases(MAX_ALIASES))).status).toBe(200);
    const { status, body } = await graphql(app, aliases(MAX_ALIASES + 1));
    expect(status).toBe(200);
    expect(body.errors?.map((error) => error.message)).toContain(
      `Too many aliases: at most ${MAX_ALIASES} are allowed.`,
    );
  });

  it(`refuses more than ${MAX_FIELDS} fields, counting fragments`, async () => {
    const fields = Array.from({ length: 10 }, () => 'name trackCount').join(' ');
    const query = `{ ...A ...A2 } fragment A on Query { playlists { ${fields} } } fragment A2 on Query { ${Array.from(
      { length: 9 },
      (_, i) => `p${i}: playlists { ...B }`,
    ).join(' ')} } fragment B on PlaylistSummary { ${fields} }`;
    const { status, body } = await graphql(app, query);
    expect(status).toBe(200);
    expect(body.errors?.map((error) => error.message)).toContain(
      `Query too large: at most ${MAX_FIELDS} fields are allowed.`,
    );
  });

  it('refuses fragment cycles', async () => {
    const { body } = await graphql(app, '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }');
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.map((error) => error.message).join(' ')).toMatch(/Cannot spread fragment "A" within itself/);
  });

  it('refuses batched queries', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: [{ query: '{ playlists { name } }' }, { query: '{ playlists { name } }' }],
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a body over 8 KB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `{ playlists { name } } # ${'x'.repeat(9000)}` },
    });
    expect(response.statusCode).toBe(413);
  });

  it('turns introspection off in production and on in development', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    const production = await graphql(app, introspection);
    expect(production.body.data ?? null).toBeNull();
    expect(production.body.errors?.[0]?.message).toMatch(/introspection has been disabled/);

    const development = await buildTestApp(site, { NODE_ENV: 'development' });
    expect((await graphql(development, introspection)).body).toEqual({
      data: { __schema: { queryType: { name: 'Query' } } },
    });
    expect((await development.inject({ url: '/graphiql' })).statusCode).toBe(200);
    await development.close();
    expect((await app.inject({ url: '/graphiql' })).statusCode).not.toBe(200);
  });

  it('answers malformed requests with GraphQL errors, no stack or file path', async () => {
    for (const payload of [
      '{"query": ',
      '{"query": 42}',
      '{"query": "{ nope }"}',
      '{"query": "{ playlist(playlistName: 3) { title } }"}',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      // GraphQL over HTTP answers some of these with 200 and an `errors` list: never a 5xx.
      expect(response.statusCode, payload).toBeLessThan(500);
      const body = response.json<{ errors?: unknown[]; message?: string }>();
      expect(body.errors?.length ?? (body.message ? 1 : 0), payload).toBeGreaterThan(0);
      expect(response.body, payload).not.toMatch(/\n\s+at |\/work\/|node_modules|\.ts:\d/);
    }
  });

  it.each([
    ['{"query": 42}', '"query" must be a string.'],
    ['{"query": ["{ playlists { name } }"]}', '"query" must be a string.'],
    ['{"query": {"kind": "Document", "definitions": []}}', '"query" must be a string.'],
    ['{"query": "{ playlists { name } }", "variables": [1]}', '"variables" must be an object.'],
    ['{"query": "{ playlists { name } }", "operationName": 7}', '"operationName" must be a string.'],
    ['"{ playlists { name } }"', 'The request body must be a JSON object with a query.'],
  ])('refuses a body of the wrong shape with 400: %s', async (payload, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ data: null, errors: [{ message }] });
  });

  it('refuses hundreds of repeated fields before validating them', async () => {
    // `playlists { name }` up to just under the token cap: graphql-js's field-merging check,
    // which is quadratic, took 200–400 ms on 400 of them. The unknown field would be a
    // validation error: its absence shows the document was refused before validation ran.
    const repeats = Math.floor((MAX_TOKENS - 3) / 4);
    const query = `{ ${'playlists { name } '.repeat(repeats)} nope }`;
    const { status, body } = await graphql(app, query);
    expect(status).toBe(200);
    expect(body.errors?.map((error) => error.message)).toEqual([
      `Query too large: at most ${MAX_FIELDS} fields are allowed.`,
    ]);
  });

  it('points the urls at MEDIA_BASE_URL when it is set', async () => {
    const cdn = await buildTestApp(site, { MEDIA_BASE_URL: 'https://cdn.example.com/music/' });
    const { body } = await graphql(cdn, PLAYLIST, { name: 'TTMM' });
    const [first] = (body.data as { playlist: { url: string }[] }).playlist;
    expect(first?.url).toMatch(/^https:\/\/cdn\.example\.com\/music\/TTMM\/01-O%20Chamado\.wav\?v=/);
    const csp = (await cdn.inject({ url: '/pt' })).headers['content-security-policy'] as string;
    expect(csp).toContain("media-src 'self' https://cdn.example.com");
    await cdn.close();
  });
});

/** Texts of the server's own failures, which no answer may carry. */
const INTERNAL_TEXT =
  /Maximum call stack|Invalid AST Node|Cannot read prop|is not a function|is not iterable|RangeError|TypeError|\n\s+at |node_modules|\.ts:\d/;

describe('documents built to break the parser', () => {
  const nestedTooDeeply = `Query nested too deeply: at most ${MAX_NESTING} levels of brackets are allowed.`;
  const argument = (value: string) => `query { playlist(playlistName: ${value}) { title } }`;
  const messages = (body: string) => JSON.parse(body) as { errors?: { message: string }[] };

  it.each([
    ['a 7.6 KB nested object literal', argument(`${'{a:'.repeat(1900)}1${'}'.repeat(1900)}`)],
    ['a 6 KB nested list', argument(`${'['.repeat(3000)}1${']'.repeat(3000)}`)],
    ['nested selections', `{ ${'playlists { '.repeat(MAX_NESTING)}name${' }'.repeat(MAX_NESTING)} }`],
    ['closing brackets hidden in a string', argument(`["${')]}'.repeat(40)}", ${'['.repeat(40)}1${']'.repeat(40)}]`)],
  ])('refuses %s before parsing it, saying why', async (_case, query) => {
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toMatch(INTERNAL_TEXT);
    expect(messages(response.body).errors?.map((error) => error.message)).toEqual([nestedTooDeeply]);
  });

  it('counts no bracket inside strings and comments', async () => {
    const brackets = '{[('.repeat(MAX_NESTING);
    const { body } = await graphql(app, `# ${brackets}\n${argument(`"${brackets}"`)}`);
    expect(body).toEqual({ data: { playlist: [] } });
    const block = await graphql(app, argument(`"""${brackets}"""`));
    expect(block.body).toEqual({ data: { playlist: [] } });
  });

  it(`refuses more than ${MAX_TOKENS} tokens before parsing`, async () => {
    const { body } = await graphql(app, `{ ${'a '.repeat(MAX_TOKENS)} }`);
    expect(body.errors?.map((error) => error.message)).toEqual([
      `Query too large: at most ${MAX_TOKENS} tokens are allowed.`,
    ]);
  });

  it.each(['{"kind":"Document","definitions":[]}', 'null', '42', '"abc"', '{"a":{"a":{"a":1}}}'])(
    'never takes JSON sent as the query text for a ready-made document: %s',
    async (query) => {
      const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toMatch(INTERNAL_TEXT);
      expect(messages(response.body).errors?.map((error) => error.message)).toEqual([
        'Syntax Error: the query is not a GraphQL document.',
      ]);
    },
  );

  it('answers any soup of brackets, strings, comments and names without a 5xx or an internal text', async () => {
    const piece = fc.constantFrom(
      ...['{', '}', '[', ']', '(', ')', 'a', ':', '$v', '...', '1', '"s"', '"""b"""', '"\\"', '#c\n', '@d', '='],
      ...['query', 'fragment', 'on', 'playlist', 'playlistName', 'playlists', 'name', '__schema', 'null'],
    );
    const soup = fc.oneof(
      fc.array(piece, { maxLength: 2_000 }).map((pieces) => pieces.join(' ')),
      fc
        .tuple(fc.constantFrom('{a:', '[', '(a:', '{ a '), fc.integer({ min: 1, max: 2_000 }), fc.array(piece))
        .map(([open, depth, inner]) => `${open.repeat(depth)}${inner.join(' ')}`),
    );
    const variables = fc.option(fc.dictionary(fc.constantFrom('v', 'playlistName'), fc.jsonValue({ maxDepth: 3 })));
    await fc.assert(
      fc.asyncProperty(soup, variables, async (query, vars) => {
        const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: vars } });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toMatch(INTERNAL_TEXT);
      }),
      { numRuns: 300 },
    );
  });
});

describe('one status for each kind of error', () => {
  // GraphQL over HTTP, for application/json (what Mercurius answers with): a well-formed request
  // whose document is refused or fails gets 200 and `errors`; what is not a GraphQL request gets
  // its 4xx.
  const post = (payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
  const query = (text: string, variables?: object) => post(JSON.stringify({ query: text, variables }));
  // A GET must carry a header no form can send (Mercurius's CSRF prevention).
  const get = (search: Record<string, string>) =>
    app.inject({ url: `/graphql?${new URLSearchParams(search)}`, headers: { 'mercurius-require-preflight': 'true' } });

  it.each([
    ['a syntax error', () => query('{ playlists ')],
    ['one unknown field', () => query('{ nope }')],
    ['two unknown fields', () => query('{ nope nope2 }')],
    ['introspection in production', () => query('{ __schema { queryType { name } } }')],
    ['a fragment cycle', () => query('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }')],
    ['an unused fragment', () => query('{ playlists { name } } fragment F on Query { playlists { name } }')],
    [
      `more than ${MAX_ALIASES} aliases`,
      () => query(`{ ${Array.from({ length: MAX_ALIASES + 1 }, (_, i) => `a${i}: playlists { name }`).join(' ')} }`),
    ],
    [`more than ${MAX_FIELDS} fields`, () => query(`{ ${'playlists { name } '.repeat(MAX_FIELDS)} }`)],
    [`more than ${MAX_TOKENS} tokens`, () => query(`{ ${'a '.repeat(MAX_TOKENS)} }`)],
    ['brackets nested too deep', () => query(`{ playlist(playlistName: ${'['.repeat(MAX_NESTING + 1)}) }`)],
    ['JSON as the query text', () => query('{"kind":"Document","definitions":[]}')],
    [
      'a variable of the wrong type',
      () => query('query ($n: String) { playlist(playlistName: $n) { title } }', { n: { a: 1 } }),
    ],
    ['a missing playlist name', () => query('{ playlist { title } }')],
    ['a nested literal sent with GET', () => get({ query: `{ playlist(playlistName: ${'{a:'.repeat(1900)}1) }` })],
  ])('answers %s with 200 and only errors', async (_case, send) => {
    const response = await send();
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: unknown; errors: { message: string }[] }>();
    expect(body.data).toBeNull();
    expect(body.errors.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(INTERNAL_TEXT);
  });

  it.each([
    ['a body that is not JSON', () => post('{"query": '), 400],
    ['a body of the wrong shape', () => post('{"query": 42}'), 400],
    ['a batch', () => post(JSON.stringify([{ query: '{ playlists { name } }' }])), 400],
    ['a body over 8 KB', () => query(`{ playlists { name } } # ${'x'.repeat(9000)}`), 413],
    ['GET variables that are not JSON', () => get({ query: '{ playlists { name } }', variables: '{' }), 400],
    [
      'a cross-site form post',
      () => app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'text/plain' }, payload: '{}' }),
      400,
    ],
  ])('answers %s, which is not a GraphQL request, with its 4xx', async (_case, send, status) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json<{ errors: unknown[] }>().errors.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(INTERNAL_TEXT);
  });
});
