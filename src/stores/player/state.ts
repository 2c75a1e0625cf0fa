/**
 * What the player publishes: the state every island renders, its starting value, the page's one
 * store of it, and which parts of it each view re-renders on.
 */
import { map } from 'nanostores';
import { DEFAULT_VOLUME } from '../../lib/constants.ts';
import { DEFAULT_REPEAT, type RepeatMode } from '../../lib/play-order.ts';
import type { PlaylistTrack } from '../../lib/playlist-api.ts';

/**
 * 'offered': a playlist's tracks are shown, ready for one tap, but nothing was chosen and
 * nothing is loaded into the audio yet (the landing page offers the default playlist).
 */
export type PlayerStatus = 'initial' | 'offered' | 'ready';

export interface PlayerState {
  /** The loaded playlist's name, or null before any. */
  playlist: string | null;
  /**
   * The playlist being fetched, or null: the one sign of a load in progress (the status stays
   * what it was until the playlist arrives).
   */
  loading: string | null;
  status: PlayerStatus;
  tracks: PlaylistTrack[];
  index: number;
  playing: boolean;
  /** Waiting for data while playback was asked for. */
  buffering: boolean;
  /** Percent of the duration played. */
  progress: number;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  /** Shuffle and repeat, kept for the next visit like the track. */
  shuffle: boolean;
  repeat: RepeatMode;
}

export const INITIAL_PLAYER_STATE: PlayerState = {
  playlist: null,
  loading: null,
  status: 'initial',
  tracks: [],
  index: 0,
  playing: false,
  buffering: false,
  progress: 0,
  currentTime: 0,
  duration: 0,
  volume: DEFAULT_VOLUME,
  muted: false,
  shuffle: false,
  repeat: DEFAULT_REPEAT,
};

/** The state every island renders: the page's one player writes into it. */
export const $player = map<PlayerState>({ ...INITIAL_PLAYER_STATE });

/**
 * The parts of the state each view renders, for `useStore($player, { keys })`: the time moves
 * four times a second while a track plays, and only the timeline needs it.
 */
export const PLAYER_VIEW_KEYS: (keyof PlayerState)[] = [
  'playlist',
  'loading',
  'status',
  'tracks',
  'index',
  'playing',
  'buffering',
  'volume',
  'muted',
  'shuffle',
  'repeat',
];
export const TIMELINE_KEYS: (keyof PlayerState)[] = ['currentTime', 'duration', 'progress'];
