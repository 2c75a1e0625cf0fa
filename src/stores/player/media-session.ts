/**
 * The lock screen and the system's media controls (the Media Session): what plays, whether it
 * plays, where the playhead is, and buttons that call the controller. It follows the controller
 * and reads the position back from the element, so it never says more than the element does.
 */
import { displayTitle } from '../../lib/player-logic.ts';
import { trackPicture, type PlayerCovers } from '../../lib/player-artwork.ts';
import type { PlaylistTrack } from '../../lib/playlist-api.ts';
import type { AudioLike, PlayerController } from './types.ts';

/** How far the lock screen's seek buttons move when they name no offset, in seconds. */
export const MEDIA_SESSION_SEEK_SECONDS = 10;

export interface LockScreen {
  /** The releases' covers and the logo, for the lock screen when a track has no cover. */
  setCovers(covers: PlayerCovers): void;
}

type ElementPosition = Pick<AudioLike, 'duration' | 'currentTime' | 'playbackRate'>;

export function attachMediaSession(
  controller: PlayerController,
  session: MediaSession,
  audio: ElementPosition,
): LockScreen {
  const { $state } = controller;
  let covers: PlayerCovers | null = null;

  function describe(track: PlaylistTrack, playlist: string | null): void {
    if (typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({
      title: displayTitle(track.title),
      artist: track.artist ?? '',
      album: playlist ?? track.album ?? '',
      // The same picture the player shows: embedded cover, else release cover, else logo.
      artwork: trackPicture(track, playlist, covers)?.artwork ?? [],
    });
  }

  /**
   * What the lock screen says of playback, read back from the element like the rest of the
   * state: 'playing' only once it fires `playing`, 'paused' once it fires `pause` (or is given a
   * new source, which leaves it paused), and 'none' while no track is loaded into it (nothing
   * chosen, a playlist only offered, an empty one). Firefox would otherwise say 'none' throughout.
   */
  function publishPlaybackState(playing: boolean): void {
    const { status, tracks } = $state.get();
    const loaded = status === 'ready' && tracks.length > 0;
    session.playbackState = !loaded ? 'none' : playing ? 'playing' : 'paused';
  }

  /**
   * Tells the lock screen where the playhead is, so its bar and seek controls are right. Only a
   * state the API accepts (a known duration, a position within it, a rate above 0), and only
   * where the browser has it.
   */
  function publishPosition(): void {
    if (typeof session.setPositionState !== 'function') return;
    const duration = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
    const rate = audio.playbackRate ?? 1;
    if (!(duration > 0) || !(Number.isFinite(rate) && rate > 0)) return;
    try {
      session.setPositionState({
        duration,
        playbackRate: rate,
        position: Math.min(duration, Math.max(0, Number.isFinite(audio.currentTime) ? audio.currentTime : 0)),
      });
    } catch {
      // An engine may still refuse a state; the lock screen then shows no position.
    }
  }

  controller.watch({
    trackLoaded: (track, playlist) => {
      describe(track, playlist);
      publishPlaybackState(false);
    },
    emptied: () => {
      session.metadata = null;
      publishPlaybackState(false);
    },
    playing: () => {
      publishPlaybackState(true);
      publishPosition();
    },
    paused: () => {
      publishPlaybackState(false);
      publishPosition();
    },
    positionChanged: publishPosition,
  });

  publishPlaybackState(false);
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => $state.get().playing || controller.togglePlay()],
    ['pause', () => $state.get().playing && controller.togglePlay()],
    ['previoustrack', () => controller.previous()],
    ['nexttrack', () => controller.next()],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined) controller.seekTo(details.seekTime);
      },
    ],
    ['seekbackward', (details) => controller.seekBy(-(details.seekOffset ?? MEDIA_SESSION_SEEK_SECONDS))],
    ['seekforward', (details) => controller.seekBy(details.seekOffset ?? MEDIA_SESSION_SEEK_SECONDS)],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // A browser may not support every action.
    }
  }

  return {
    setCovers: (given) => {
      covers = given;
      // A track restored or playing before the covers arrived gets its picture now.
      const { tracks, index, playlist } = $state.get();
      const track = tracks[index];
      if (track) describe(track, playlist);
    },
  };
}
