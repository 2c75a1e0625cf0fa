/**
 * A stand-in for the player's controller, as its followers see it: the state store, `watch`, and
 * the actions they call, recorded. `tell` plays the controller's part in telling its followers.
 */
import { map } from 'nanostores';
import { vi } from 'vitest';
import type { PlaylistTrack } from '../../../../src/lib/playlist-api.ts';
import { INITIAL_PLAYER_STATE, type PlayerState } from '../../../../src/stores/player/state.ts';
import type { PlayerController, PlayerWatcher, Tell } from '../../../../src/stores/player/types.ts';

export const track = (title: string, n: number): PlaylistTrack => ({
  title,
  file: `${title}.wav`,
  artist: 'Artist',
  album: 'Album',
  url: `/media/${title}.wav`,
  duration: 100,
  trackNumber: n,
  coverUrl: null,
});

export function fakeController(tracks: Record<string, PlaylistTrack[]> = {}) {
  const watchers: PlayerWatcher[] = [];
  const $state = map<PlayerState>({ ...INITIAL_PLAYER_STATE });
  let time = 0;
  /** The actions the followers call, recorded. */
  const calls = {
    loadPlaylist: vi.fn(async () => undefined),
    togglePlay: vi.fn(),
    next: vi.fn(),
    previous: vi.fn(),
    seekTo: vi.fn(),
    seekBy: vi.fn(),
  };
  const controller = {
    ...calls,
    $state,
    watch: (watcher: PlayerWatcher) => watchers.push(watcher),
    fetchTracks: async (name: string) => tracks[name] ?? [],
    currentTime: () => time,
  } as unknown as PlayerController;
  return {
    controller,
    calls,
    tell: ((event, ...args) => {
      for (const watcher of watchers) watcher[event]?.(...args);
    }) as Tell,
    setTime: (seconds: number) => (time = seconds),
    /** The state of a loaded playlist at track `index`. */
    load: (playlist: string, index = 0) =>
      $state.set({ ...$state.get(), playlist, status: 'ready', tracks: tracks[playlist] ?? [], index }),
  };
}
