/**
 * The shapes the player's modules share: the audio element as the controller uses it, the
 * controller's surface, and what it tells the modules that follow it.
 */
import type { MapStore } from 'nanostores';
import type { PlaylistTrack } from '../../lib/playlist-api.ts';
import type { PlayerState } from './state.ts';

/** What the controller needs of an `<audio>` element. */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  volume: number;
  preload: string;
  muted?: boolean;
  playbackRate?: number;
  /** '' when the browser cannot play that type; 'maybe' or 'probably' when it may. */
  canPlayType(type: string): string;
  play(): Promise<void>;
  pause(): void;
}

export interface LoadOptions {
  playNow?: boolean;
  index?: number;
  /** Start at the track of this title (see lib/track-titles.ts) when the list has one. */
  title?: string | undefined;
  /** Start this many seconds into the track (a resumed visit, a shared moment). */
  startAt?: number | undefined;
}

/**
 * What the controller tells the modules that follow it (the lock screen, the saved position, the
 * counts), each once the state is published, with its arguments.
 */
export interface PlayerEvents {
  /** A track was put into the element, paused, to start at `start` seconds; it plays next if asked. */
  trackLoaded: [track: PlaylistTrack, playlist: string | null, index: number, start: number];
  /** A playlist without tracks was loaded: the element holds nothing to play. */
  emptied: [];
  /** The element fired `playing`. */
  playing: [];
  /** The element fired `pause`. */
  paused: [];
  /** The playhead moved as the track plays (`timeupdate`, once a pending start is applied). */
  timeUpdated: [seconds: number];
  /** The duration, rate or position changed otherwise: metadata, a seek, the rate. */
  positionChanged: [];
  /** The track played to its end; the next one is chosen after this. */
  ended: [];
}

/** A module following the controller: a function for each event it needs. */
export type PlayerWatcher = { [Event in keyof PlayerEvents]?: (...args: PlayerEvents[Event]) => void };

/** Tells every watcher, in the order they were added. */
export type Tell = <Event extends keyof PlayerEvents>(event: Event, ...args: PlayerEvents[Event]) => void;

export interface PlayerController {
  $state: MapStore<PlayerState>;
  /** Adds a follower; followers are told of each change in the order they were added. */
  watch(watcher: PlayerWatcher): void;
  /** A playlist's tracks, fetched once for the page (a prefetch, a restore and a load share it). */
  fetchTracks(name: string): Promise<PlaylistTrack[]>;
  /** The playlist the play button starts when nothing is loaded yet. */
  setDefaultPlaylist(name: string): void;
  /**
   * A key or play button for `name`: toggles when it is loaded, else loads it and plays. With
   * `title` (a single's page, in the shared Singles playlist), from the track of that title when
   * the playlist has it (else as without): it switches to that track if another one is loaded.
   */
  playPlaylist(name: string, title?: string): void;
  /**
   * Loads a playlist: track 0 (or `index`, or the track titled `title` when the list has one),
   * paused, source set; plays when `playNow`.
   */
  loadPlaylist(name: string, options?: LoadOptions): Promise<void>;
  /** Fetches a playlist ahead of a click, so the click can start at once. */
  prefetchPlaylist(name: string): void;
  /**
   * Shows a playlist's tracks, ready to play with one tap, when nothing is loaded, loading or
   * restored; loads no audio until the visitor plays. Resolves once shown (or given up). With
   * `title` (a single's page), the offered track is the one of that title when the list has it.
   */
  offerPlaylist(name: string, title?: string): Promise<void>;
  togglePlay(): void;
  next(): void;
  previous(): void;
  selectTrack(index: number): void;
  /** Seeks to a fraction (0 to 1) of the duration. */
  seekToFraction(fraction: number): void;
  volumeUp(): void;
  volumeDown(): void;
  /** Where the playhead is now, in seconds (read from the audio element). */
  currentTime(): number;
  /** Moves the playhead by `seconds` (negative: back), within the track. */
  seekBy(seconds: number): void;
  /** Moves the playhead to `seconds`, within the track. */
  seekTo(seconds: number): void;
  toggleMute(): void;
  toggleShuffle(): void;
  /** The next repeat mode: all → one → off. */
  cycleRepeat(): void;
}
