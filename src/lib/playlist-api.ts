/**
 * The playlist query: {api}/graphql with query and variables. The playlist field
 * of the result is used, else an empty list; a response with errors is logged and thrown as
 * 'Erro na requisição GraphQL'. The player asks by GET, with the same query text
 * every time and the name in the URL, so a CDN or proxy can keep the answer; the server
 * answers the previous site's POST all the same.
 */

import type { AudioSource } from './audio-source.ts';

/** A track as the player uses it. */
export interface PlaylistTrack {
  title: string;
  /**
   * The master's file name in its playlist: what the numbers count and links name, whichever
   * rendition `url` or `sources` stream.
   */
  file: string;
  artist: string | null;
  album: string | null;
  url: string;
  duration: number | null;
  trackNumber: number | null;
  coverUrl: string | null;
  /** Light renditions, lightest first (none while they are being made, or without ffmpeg). */
  sources?: AudioSource[];
  /** The waveform's peaks (BBC waveform-data JSON), once made. */
  peaksUrl?: string | null;
}

export const GRAPHQL_ERROR = 'Erro na requisição GraphQL';
export const MISSING_NAME_ERROR = 'Nenhum nome de playlist fornecido.';

/** The player's query, on one line: it is part of every playlist URL, and of caches' keys. */
export const PLAYLIST_QUERY =
  'query Playlist($playlistName:String!){playlist(playlistName:$playlistName){title file artist album url duration trackNumber coverUrl sources{url mimeType} peaksUrl}}';

/**
 * Mercurius's CSRF prevention answers a GET only with a header no simple request carries: a
 * page on another site then needs a CORS preflight to send it. Caches ignore it (not in their
 * key, no Vary).
 */
export const PREFLIGHT_HEADER = 'x-mercurius-operation-name';

/**
 * The path and query string of a playlist's GET request: one stable text per name (names such
 * as 'Cocktail Nº1' percent-encoded as UTF-8), so every listener's request hits the same
 * cache entry.
 */
export function playlistPath(playlistName: string): string {
  const variables = JSON.stringify({ playlistName });
  return `/graphql?query=${encodeURIComponent(PLAYLIST_QUERY)}&variables=${encodeURIComponent(variables)}`;
}

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
  const response = await fetchImpl(`${apiBase}${playlistPath(playlistName)}`, {
    headers: { Accept: 'application/json', [PREFLIGHT_HEADER]: 'Playlist' },
  });
  const body = (await response.json()) as GraphqlResponse;
  if (body.errors?.length) {
    console.error(body.errors);
    throw new Error(GRAPHQL_ERROR);
  }
  return body.data?.playlist ?? [];
}
