/** A shared moment (a link's `track` and `t`, lib/player-moment.ts) opened in the player. */
import { findSharedTrack, type SharedMoment } from '../../lib/player-moment.ts';
import type { PlayerController } from './types.ts';

/**
 * Loads the moment's track of `playlist` paused, at its second, for one tap to play from there.
 * Nothing changes while music plays or when the playlist has no such track. True when shown.
 */
export async function showMoment(
  controller: PlayerController,
  playlist: string,
  moment: SharedMoment,
): Promise<boolean> {
  const { $state } = controller;
  if (!playlist || !moment.track || $state.get().playing) return false;
  const ref = moment.track;
  const tracks = await controller.fetchTracks(playlist).catch(() => []);
  const index = findSharedTrack(tracks, ref);
  // Music started meanwhile (a tap) wins over the link.
  if (index === -1 || $state.get().playing) return false;
  await controller.loadPlaylist(playlist, { playNow: false, index, startAt: moment.seconds ?? 0 });
  return true;
}
