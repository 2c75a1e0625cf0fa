import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchPlaylist,
  GRAPHQL_ERROR,
  MISSING_NAME_ERROR,
  PLAYLIST_QUERY,
  playlistPath,
  PREFLIGHT_HEADER,
} from '../../../src/lib/playlist-api.ts';

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
  it('asks by GET with the fixed query and the playlist name as a variable in the URL', async () => {
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
    const url = new URL(calls[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://api.example.com/graphql');
    expect(calls[0]?.init.method ?? 'GET').toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(url.searchParams.get('query')).toBe(PLAYLIST_QUERY);
    expect(JSON.parse(url.searchParams.get('variables') ?? '')).toEqual({ playlistName: 'Cocktail Nº1' });
    expect(PLAYLIST_QUERY).toMatch(/playlist\(playlistName:\$playlistName\)\{title file artist album url/);
    expect(new Headers(calls[0]?.init.headers).get(PREFLIGHT_HEADER)).toBe('Playlist');
  });

  it('writes one stable URL per name, Unicode percent-encoded as UTF-8', () => {
    expect(playlistPath('Cocktail Nº1')).toBe(playlistPath('Cocktail Nº1'));
    expect(playlistPath('Cocktail Nº1')).not.toBe(playlistPath('Cocktail Nº2'));
    expect(playlistPath('Cocktail Nº1')).toContain('Cocktail%20N%C2%BA1');
    expect(playlistPath('a&b=c#d+e')).toMatch(/^\/graphql\?query=[^&#]+&variables=[^&#]+$/);
    // Short in logs and far under every proxy's and CDN's URL limit (8 KB and more).
    expect(playlistPath('Cocktail Nº1').length).toBeLessThan(400);
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
