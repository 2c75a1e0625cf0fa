/**
 * The player's store. The hero keys call `playPlaylist(name)`; the player issue builds the
 * playback behind it (SPEC §4 "Player").
 */
import { atom } from 'nanostores';

/** The playlist a visitor last asked for, by name. */
export const $requestedPlaylist = atom<string | null>(null);

/** Asks the player to load and play a playlist. */
export function playPlaylist(name: string): void {
  $requestedPlaylist.set(name);
}
