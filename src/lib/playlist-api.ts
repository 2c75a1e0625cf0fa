/**
 * The playlist query (SPEC §7.2): POST {api}/graphql with query and variables. The playlist
 * field of the result is used, else an empty list; a response with errors is logged and
 * thrown as 'Erro na requisição GraphQL' (SPEC §8).
 */

/** A track as the player uses it. */
export interface PlaylistTrack {
  title: string;
  artist: string | null;
  album: string | null;
  url: string;
  duration: number | null;
  trackNumber: number | null;
  coverUrl: string | null;
}

export const GRAPHQL_ERROR = 'Erro na requisição GraphQL';
export const MISSING_NAME_ERROR = 'Nenhum nome de playlist fornecido.';

const PLAYLIST_QUERY = `query Playlist($playlistName: String!) {
  playlist(playlistName: $playlistName) { title artist album url duration trackNumber coverUrl }
}`;

interface GraphqlResponse {
  data?: { playlist?: PlaylistTrack[] | null } | null;
  errors?: unknown[];
}

/** Fetches a playlist's tracks. */
export async function fetchPlaylist(
  playlistName: string,
  apiBase = '',
  fetchImpl: typeof fetch = fetch,
): Promise<PlaylistTrack[]> {
  if (!playlistName) throw new Error(MISSING_NAME_ERROR);
  const response = await fetchImpl(`${apiBase}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ query: PLAYLIST_QUERY, variables: { playlistName } }),
  });
  const body = (await response.json()) as GraphqlResponse;
  if (body.errors?.length) {
    console.error(body.errors);
    throw new Error(GRAPHQL_ERROR);
  }
  return body.data?.playlist ?? [];
}
