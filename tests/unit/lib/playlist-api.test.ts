import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPlaylist, GRAPHQL_ERROR, MISSING_NAME_ERROR } from '../../../src/lib/playlist-api.ts';

/** A fetch that records the request and answers with `body`. */
function fakeFetch(body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fetchPlaylist', () => {
  it('posts the query with the playlist name as a variable', async () => {
    const track = {
      title: 'T',
      artist: 'A',
      album: null,
      url: '/media/x',
      duration: 1,
      trackNumber: 1,
      coverUrl: null,
    };
    const { impl, calls } = fakeFetch({ data: { playlist: [track] } });
    expect(await fetchPlaylist('Cocktail Nº1', 'https://api.example.com', impl)).toEqual([track]);
    expect(calls[0]?.url).toBe('https://api.example.com/graphql');
    expect(calls[0]?.init.method).toBe('POST');
    const body = JSON.parse(calls[0]?.init.body as string) as { query: string; variables: unknown };
    expect(body.variables).toEqual({ playlistName: 'Cocktail Nº1' });
    expect(body.query).toMatch(/playlist\(playlistName: \$playlistName\)\s*\{\s*title artist album url/);
  });

  it('gives an empty list when the result has no playlist', async () => {
    expect(await fetchPlaylist('X', '', fakeFetch({ data: null }).impl)).toEqual([]);
    expect(await fetchPlaylist('X', '', fakeFetch({ data: { playlist: null } }).impl)).toEqual([]);
  });

  it(`logs GraphQL errors and throws '${GRAPHQL_ERROR}'`, async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errors = [{ message: 'boom' }];
    await expect(fetchPlaylist('X', '', fakeFetch({ errors }).impl)).rejects.toThrow(GRAPHQL_ERROR);
    expect(logged).toHaveBeenCalledWith(errors);
  });

  it(`throws '${MISSING_NAME_ERROR}' without a name, before any request`, async () => {
    const { impl, calls } = fakeFetch({});
    await expect(fetchPlaylist('', '', impl)).rejects.toThrow(MISSING_NAME_ERROR);
    expect(calls).toHaveLength(0);
  });
});
