/**
 * The player: one controller owns the page's single `<audio>` element, decides every transition
 * and publishes the state in a nanostore. Islands only render that state and call the actions
 * below. Around the controller, small modules follow it: the lock screen (Media Session), what is
 * kept for the next visit, and the listening counts. Built by `createPlayer` with its parts passed
 * in, so the rules are unit-tested without a browser; the page uses the one instance from
 * `getPlayer`.
 */
import { API_BASE } from '../lib/api.ts';
import type { PlayerCovers } from '../lib/player-artwork.ts';
import { fetchPlaylist } from '../lib/playlist-api.ts';
import { countEvent } from '../lib/numbers.ts';
import type { PageEvent } from '../lib/numbers-events.ts';
import { momentFromSearch, type SharedMoment } from '../lib/player-moment.ts';
import { createController, type ControllerParts } from './player/controller.ts';
import { attachListeningCounts } from './player/listening-counts.ts';
import { attachMediaSession } from './player/media-session.ts';
import { attachPersistence, type Persistence, type PersistenceParts } from './player/persistence.ts';
import { showMoment } from './player/shared-moment.ts';
import { $player } from './player/state.ts';
import type { PlayerController } from './player/types.ts';

export { $player, INITIAL_PLAYER_STATE, PLAYER_VIEW_KEYS, TIMELINE_KEYS } from './player/state.ts';
export type { PlayerState, PlayerStatus } from './player/state.ts';
export type { AudioLike, LoadOptions } from './player/types.ts';
export { MODES_STORAGE_KEY, POSITION_SAVE_MS, STORAGE_KEY } from './player/persistence.ts';
export { MEDIA_SESSION_SEEK_SECONDS } from './player/media-session.ts';

export interface PlayerParts extends ControllerParts, PersistenceParts {
  mediaSession?: MediaSession | null | undefined;
  /** Where the tracks' starts, 30 seconds and ends are counted (lib/listening.ts); none by default. */
  count?: ((event: PageEvent) => void) | undefined;
}

export interface Player extends PlayerController, Persistence {
  /** The releases' covers and the logo, for the lock screen when a track has no cover. */
  setCovers(covers: PlayerCovers): void;
  /**
   * A shared moment (a link's `track` and `t`): loads that track of `playlist` paused, at that
   * second, for one tap to play from there. Nothing changes while music plays or when the
   * playlist has no such track. Resolves true when the moment was shown.
   */
  showMoment(playlist: string, moment: SharedMoment): Promise<boolean>;
}

/** The controller with its followers, attached in the order they are told of each change. */
export function createPlayer(parts: PlayerParts): Player {
  const controller = createController(parts);
  const lockScreen = parts.mediaSession ? attachMediaSession(controller, parts.mediaSession, parts.audio) : null;
  const persistence = attachPersistence(controller, parts);
  if (parts.count) attachListeningCounts(controller, parts.count);
  return {
    ...controller,
    ...persistence,
    setCovers: (covers) => lockScreen?.setCovers(covers),
    showMoment: (playlist, moment) => showMoment(controller, playlist, moment),
  };
}

let instance: Player | undefined;

/** The page's player, created on first use in the browser (never during the build). */
export function getPlayer(): Player {
  if (instance) return instance;
  const player = createPlayer({
    audio: new Audio(),
    fetchPlaylist: (name) => fetchPlaylist(name, API_BASE),
    mediaSession: 'mediaSession' in navigator ? navigator.mediaSession : null,
    $state: $player,
    count: countEvent,
  });
  // Leaving or hiding the page keeps where the track had got to, for the next visit.
  addEventListener('pagehide', () => player.savePosition());
  instance = player;
  return player;
}

/**
 * The actions, one exported function each: the islands call these, never the controller's
 * methods (the controller is made on first use, in the browser).
 */

/**
 * Starts a playlist from anywhere on the page (the hero keys call this); a single's page
 * names its track, to start there.
 */
export function playPlaylist(name: string, title?: string): void {
  getPlayer().playPlaylist(name, title);
}

/** Fetches a playlist ahead of a likely click (hover or focus on a key). */
export function prefetchPlaylist(name: string): void {
  getPlayer().prefetchPlaylist(name);
}

export const togglePlay = (): void => getPlayer().togglePlay();
export const nextTrack = (): void => getPlayer().next();
export const previousTrack = (): void => getPlayer().previous();
export const selectTrack = (index: number): void => getPlayer().selectTrack(index);
export const seekToFraction = (fraction: number): void => getPlayer().seekToFraction(fraction);
export const volumeUp = (): void => getPlayer().volumeUp();
export const volumeDown = (): void => getPlayer().volumeDown();
export const setPlayerCovers = (covers: PlayerCovers): void => getPlayer().setCovers(covers);
export const seekBy = (seconds: number): void => getPlayer().seekBy(seconds);
export const toggleMute = (): void => getPlayer().toggleMute();
export const toggleShuffle = (): void => getPlayer().toggleShuffle();
export const cycleRepeat = (): void => getPlayer().cycleRepeat();

/**
 * What a page with a player does once it is shown: remembers its default playlist, restores
 * the last visit's track and, on a page without slides, offers the default playlist (with a
 * single's track first on its page) when nothing else was restored.
 */
export async function setUpPagePlayer(defaultPlaylist: string, offer: boolean, offerTrack?: string): Promise<void> {
  const player = getPlayer();
  player.setDefaultPlaylist(defaultPlaylist);
  // A shared moment in the address (`?t=83` on a track's page, `?track=3&t=83` on a release's)
  // comes first, then what was playing or saved; the offer only fills an empty player.
  const moment = momentFromSearch(location.search);
  const pageTrack = offerTrack !== undefined && moment.seconds !== null ? { title: offerTrack } : null;
  await player.showMoment(defaultPlaylist, { ...moment, track: moment.track ?? pageTrack });
  await player.restore();
  if (offer) await player.offerPlaylist(defaultPlaylist, offerTrack);
  document.dispatchEvent(new Event(PLAYER_SET_UP_EVENT));
}

/**
 * Sent on the document once a page's player is set up: its restore and offer are done. A
 * test waits for it to see that an offer changed nothing, without guessing how long it takes.
 */
export const PLAYER_SET_UP_EVENT = 'player:set-up';
