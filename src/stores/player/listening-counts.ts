/**
 * Counts what is heard of each track (started, 30 seconds, its end; the rules are in
 * lib/listening.ts), named by its playlist and master file whichever rendition plays.
 */
import { listeningCounter } from '../../lib/listening.ts';
import type { PageEvent } from '../../lib/numbers-events.ts';
import type { PlayerController } from './types.ts';

export function attachListeningCounts(controller: PlayerController, count: (event: PageEvent) => void): void {
  const listening = listeningCounter(count);
  controller.watch({
    // Counted by the master's file: the url names a rendition once made.
    trackLoaded: (track, playlist) => listening.load(playlist ? { playlist, file: track.file } : null),
    playing: () => listening.playing(),
    timeUpdated: (seconds) => listening.time(seconds),
    ended: () => listening.ended(),
  });
}
