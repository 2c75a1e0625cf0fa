/**
 * What the player keeps for the next visit: the playlist, track and position (localStorage key
 * `player`) and shuffle and repeat (`player-modes`), through `@nanostores/persistent`. Remembering
 * is a convenience: storage that is full, blocked or holds something unreadable is never an error.
 */
import { persistentJSON } from '@nanostores/persistent';
import { listenKeys, type WritableAtom } from 'nanostores';
import { DEFAULT_REPEAT, isRepeatMode, type RepeatMode } from '../../lib/play-order.ts';
import type { PlayerController } from './types.ts';

export const STORAGE_KEY = 'player';
export const MODES_STORAGE_KEY = 'player-modes';
/** While a track plays, its position is saved at most this often (and on pause and pagehide). */
export const POSITION_SAVE_MS = 5000;

export interface PersistenceParts {
  /** Where the current playlist and track are kept: localStorage by default; anything else for tests. */
  saved?: WritableAtom<unknown> | undefined;
  /** Where shuffle and repeat are kept: localStorage by default. */
  savedModes?: WritableAtom<unknown> | undefined;
  /** Milliseconds now, for spacing the saves of the position; Date.now by default. */
  now?: (() => number) | undefined;
}

export interface Persistence {
  /** Saves the current track's position for the next visit (the page calls it on pagehide). */
  savePosition(): void;
  /** Loads the playlist and track of the last visit, paused, at the position it had reached. */
  restore(): Promise<void>;
}

/** The playlist and track kept from the last visit, if any was kept and is readable. */
function readSaved(value: unknown): { playlist: string; index: number; time: number } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { playlist, index, time } = value as { playlist?: unknown; index?: unknown; time?: unknown };
  if (typeof playlist !== 'string') return null;
  return {
    playlist,
    index: typeof index === 'number' ? index : 0,
    time: typeof time === 'number' && Number.isFinite(time) && time > 0 ? time : 0,
  };
}

/** Shuffle and repeat as kept, each falling back to its default when unreadable. */
function readModes(value: unknown): { shuffle: boolean; repeat: RepeatMode } {
  const { shuffle, repeat } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return { shuffle: shuffle === true, repeat: isRepeatMode(repeat) ? repeat : DEFAULT_REPEAT };
}

/** A key in localStorage, read when asked (a JSON the library cannot parse reads as null). */
const inLocalStorage = (key: string): WritableAtom<unknown> => persistentJSON<unknown>(key, null, { listen: false });

/** Writes to storage that may be full or blocked. */
function keep(store: WritableAtom<unknown>, value: unknown): void {
  try {
    store.set(value);
  } catch {
    // Nothing to do: the next visit starts afresh.
  }
}

/** Puts the kept modes into the state now, then keeps what the visitor changes. */
export function attachPersistence(controller: PlayerController, parts: PersistenceParts = {}): Persistence {
  const { $state } = controller;
  const saved = parts.saved ?? inLocalStorage(STORAGE_KEY);
  const savedModes = parts.savedModes ?? inLocalStorage(MODES_STORAGE_KEY);
  const now = parts.now ?? Date.now;
  let lastPositionSave = 0;

  $state.set({ ...$state.get(), ...readModes(savedModes.get()) });
  listenKeys($state, ['shuffle', 'repeat'], ({ shuffle, repeat }) => keep(savedModes, { shuffle, repeat }));

  function savePosition(): void {
    const { playlist, index, tracks, status } = $state.get();
    if (status !== 'ready' || !playlist || tracks.length === 0) return;
    lastPositionSave = now();
    keep(saved, { playlist, index, time: controller.currentTime() });
  }

  controller.watch({
    trackLoaded: (_track, playlist, index, start) => keep(saved, { playlist, index, time: start }),
    timeUpdated: () => {
      if ($state.get().playing && now() - lastPositionSave >= POSITION_SAVE_MS) savePosition();
    },
    paused: savePosition,
  });

  return {
    savePosition,
    restore: async () => {
      const last = readSaved(saved.get());
      if (!last || $state.get().playlist !== null) return;
      // A saved playlist since emptied or removed is not restored: the page's offer fills the
      // player instead of a playlist with nothing to play.
      const tracks = await controller.fetchTracks(last.playlist).catch(() => []);
      if (tracks.length === 0 || $state.get().playlist !== null) return;
      await controller.loadPlaylist(last.playlist, { playNow: false, index: last.index, startAt: last.time });
    },
  };
}
