/** Fetched playlists, so a second click (or a prefetched first one) needs no request. */
import type { PlaylistTrack } from '../../lib/playlist-api.ts';

export interface PlaylistCache {
  /** The tracks when already fetched, so a load can apply them in the same tick as the click. */
  known: (name: string) => PlaylistTrack[] | undefined;
  /** The tracks, fetched once: calls made while a fetch runs share it; a failed fetch is not kept. */
  get: (name: string) => Promise<PlaylistTrack[]>;
}

export function playlistCache(fetchPlaylist: (name: string) => Promise<PlaylistTrack[]>): PlaylistCache {
  const fetched = new Map<string, PlaylistTrack[]>();
  const inFlight = new Map<string, Promise<PlaylistTrack[]>>();
  return {
    known: (name) => fetched.get(name),
    get(name) {
      const known = fetched.get(name);
      if (known) return Promise.resolve(known);
      let pending = inFlight.get(name);
      if (!pending) {
        pending = fetchPlaylist(name).then(
          (tracks) => {
            fetched.set(name, tracks);
            inFlight.delete(name);
            return tracks;
          },
          (error: unknown) => {
            inFlight.delete(name);
            throw error;
          },
        );
        inFlight.set(name, pending);
      }
      return pending;
    },
  };
}
