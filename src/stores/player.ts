/**
 * The player: one controller owns the page's single `<audio>` element,
 * decides every transition and publishes the state in a nanostore. Islands only render that
 * state and call the actions below. Built by `createPlayer` with its parts passed in, so the
 * rules are unit-tested without a browser; the page uses the one instance from `getPlayer`.
 */
import { persistentJSON } from '@nanostores/persistent';
import { map, type MapStore, type WritableAtom } from 'nanostores';
import { API_BASE } from '../lib/api.ts';
import { DEFAULT_VOLUME, VOLUME_STEP } from '../lib/constants.ts';
import { clampVolume, displayTitle, nextIndex, previousIndex, progressPercent, seekTime } from '../lib/player-logic.ts';
import { pickSource } from '../lib/audio-source.ts';
import { trackPicture, type PlayerCovers } from '../lib/player-artwork.ts';
import { fetchPlaylist, MISSING_NAME_ERROR, type PlaylistTrack } from '../lib/playlist-api.ts';
import { findTrackByTitle } from '../lib/track-titles.ts';
import { fileOfUrl, listeningCounter } from '../lib/listening.ts';
import { countEvent } from '../lib/numbers.ts';
import type { PageEvent } from '../lib/numbers-events.ts';

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
};

/** What the controller needs of an `<audio>` element. */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  volume: number;
  preload: string;
  /** '' when the browser cannot play that type; 'maybe' or 'probably' when it may. */
  canPlayType(type: string): string;
  play(): Promise<void>;
  pause(): void;
}

export interface PlayerParts {
  audio: AudioLike;
  fetchPlaylist: (name: string) => Promise<PlaylistTrack[]>;
  /**
   * Where the current playlist and track are kept for the next visit: by default in
   * localStorage (`@nanostores/persistent`, key `player`); anything else for tests.
   */
  saved?: WritableAtom<unknown> | undefined;
  mediaSession?: MediaSession | null | undefined;
  log?: Pick<Console, 'error'> | undefined;
  $state?: MapStore<PlayerState> | undefined;
  /** Where the tracks' starts, 30 seconds and ends are counted (lib/listening.ts); none by default. */
  count?: ((event: PageEvent) => void) | undefined;
}

export const STORAGE_KEY = 'player';

export interface LoadOptions {
  playNow?: boolean;
  index?: number;
  /** Start at the track of this title (see lib/track-titles.ts) when the list has one. */
  title?: string | undefined;
}

export interface Player {
  $state: MapStore<PlayerState>;
  /** The playlist the play button starts when nothing is loaded yet. */
  setDefaultPlaylist(name: string): void;
  /** The releases' covers and the logo, for the lock screen when a track has no cover. */
  setCovers(covers: PlayerCovers): void;
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
  /** Loads the playlist and track of the last visit, paused. */
  restore(): Promise<void>;
}

/** The playlist and track kept from the last visit, if any was kept and is readable. */
function readSaved(value: unknown): { playlist: string; index: number } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { playlist, index } = value as { playlist?: unknown; index?: unknown };
  if (typeof playlist !== 'string') return null;
  return { playlist, index: typeof index === 'number' ? index : 0 };
}

/** The saved track in localStorage, read when asked (a JSON the library cannot parse reads as null). */
const savedInLocalStorage = (): WritableAtom<unknown> => persistentJSON<unknown>(STORAGE_KEY, null, { listen: false });

export function createPlayer(parts: PlayerParts): Player {
  const { audio, mediaSession } = parts;
  const saved = parts.saved ?? savedInLocalStorage();
  const log = parts.log ?? console;
  const $state = parts.$state ?? map<PlayerState>({ ...INITIAL_PLAYER_STATE });
  const listening = listeningCounter(parts.count ?? (() => undefined));
  /** Fetched playlists, so a second click (or a prefetched first one) needs no request. */
  const fetched = new Map<string, PlaylistTrack[]>();
  const inFlight = new Map<string, Promise<PlaylistTrack[]>>();
  let defaultPlaylist: string | null = null;
  let covers: PlayerCovers | null = null;
  /** Each load takes a ticket; an answer for an older ticket is dropped. */
  let ticket = 0;

  audio.preload = 'auto';
  audio.volume = $state.get().volume;

  function getPlaylist(name: string): Promise<PlaylistTrack[]> {
    const known = fetched.get(name);
    if (known) return Promise.resolve(known);
    let pending = inFlight.get(name);
    if (!pending) {
      pending = parts.fetchPlaylist(name).then(
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
  }

  /**
   * Asks the audio to play. The state follows the element's own events (`play`, `pause`), as
   * media-chrome's controls do: never set ahead of it, so it cannot say "playing" while the
   * element is not.
   */
  function startPlayback(): void {
    audio.play().catch((error: unknown) => {
      // A newer source or a pause interrupted this play: not an error, so nothing is logged.
      if ((error as Error).name === 'AbortError') return;
      log.error('Erro ao reproduzir:', error);
      // A source that cannot play leaves the element unpaused: stop it, so it says so.
      audio.pause();
    });
  }

  function describeForMediaSession(track: PlaylistTrack, playlist: string | null): void {
    if (!mediaSession || typeof MediaMetadata === 'undefined') return;
    mediaSession.metadata = new MediaMetadata({
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
    if (!mediaSession) return;
    const { status, tracks } = $state.get();
    const loaded = status === 'ready' && tracks.length > 0;
    mediaSession.playbackState = !loaded ? 'none' : playing ? 'playing' : 'paused';
  }

  /** Pauses, points the audio at track `index`, resets progress, and plays when asked. */
  function setTrack(index: number, play: boolean): void {
    const { tracks, playlist } = $state.get();
    const track = tracks[index];
    if (!track) return;
    audio.pause();
    audio.src = pickSource(track, (type) => audio.canPlayType(type));
    // Counted by the master's file, whichever rendition plays.
    const file = fileOfUrl(track.url);
    listening.load(playlist && file ? { playlist, file } : null);
    const { status } = $state.get();
    $state.set({
      ...$state.get(),
      // An offered playlist becomes the loaded one with its first track set.
      status: status === 'offered' ? 'ready' : status,
      index,
      progress: 0,
      currentTime: 0,
      duration: track.duration ?? 0,
    });
    describeForMediaSession(track, playlist);
    publishPlaybackState(false);
    try {
      saved.set({ playlist, index });
    } catch {
      // Storage may be full or blocked; remembering the track is a convenience.
    }
    if (play) startPlayback();
  }

  /** Shows a fetched playlist and loads its track `index` (0 when out of range). */
  function apply(name: string, tracks: PlaylistTrack[], index: number, play: boolean): void {
    $state.set({ ...$state.get(), playlist: name, loading: null, status: 'ready', tracks, index: 0, progress: 0 });
    if (tracks.length === 0) {
      audio.pause();
      if (mediaSession) mediaSession.metadata = null;
      publishPlaybackState(false);
      return;
    }
    setTrack(index >= 0 && index < tracks.length ? index : 0, play);
  }

  async function loadPlaylist(name: string, options: LoadOptions = {}): Promise<void> {
    const { playNow = false, title } = options;
    /** The title, looked up in the fetched list, wins over the index; no such title: the index. */
    const startIndex = (tracks: readonly PlaylistTrack[]) => {
      const titled = title === undefined ? -1 : findTrackByTitle(tracks, title);
      return titled === -1 ? (options.index ?? 0) : titled;
    };
    if (!name) {
      log.error(MISSING_NAME_ERROR);
      return;
    }
    ticket += 1;
    const mine = ticket;
    // Already fetched: apply in this same tick, so play() still runs inside the visitor's click.
    const known = fetched.get(name);
    if (known) {
      apply(name, known, startIndex(known), playNow);
      return;
    }
    $state.setKey('loading', name);
    try {
      const tracks = await getPlaylist(name);
      if (mine === ticket) apply(name, tracks, startIndex(tracks), playNow);
    } catch (error) {
      log.error('Erro ao carregar playlist', error);
      if (mine === ticket) $state.setKey('loading', null);
    }
  }

  function togglePlay(): void {
    const state = $state.get();
    if (state.status === 'offered') {
      // Inside the visitor's tap: the source is set and play() called in this same tick.
      setTrack(state.index, true);
      return;
    }
    if (state.tracks.length === 0) {
      const name = state.playlist ?? defaultPlaylist;
      if (name && state.loading === null) void loadPlaylist(name, { playNow: true });
      return;
    }
    if (state.playing) {
      audio.pause();
    } else {
      startPlayback();
    }
  }

  function step(toIndex: (index: number, count: number) => number): void {
    const { tracks, index } = $state.get();
    if (tracks.length === 0) return;
    setTrack(toIndex(index, tracks.length), true);
  }

  async function offerPlaylist(name: string, title?: string): Promise<void> {
    const nothingChosen = () => {
      const { status, playlist, loading } = $state.get();
      return status === 'initial' && playlist === null && loading === null;
    };
    if (!name || !nothingChosen()) return;
    const mine = ticket;
    try {
      const tracks = await getPlaylist(name);
      // A choice made meanwhile (a tap, a restored track) wins over the offer.
      if (mine !== ticket || !nothingChosen() || tracks.length === 0) return;
      const index = title === undefined ? 0 : Math.max(0, findTrackByTitle(tracks, title));
      $state.set({ ...$state.get(), status: 'offered', playlist: name, tracks, index, progress: 0 });
    } catch (error) {
      log.error('Erro ao carregar playlist', error);
    }
  }

  const next = () => step(nextIndex);
  const previous = () => step(previousIndex);

  function setVolume(volume: number): void {
    const clamped = clampVolume(volume);
    audio.volume = clamped;
    $state.setKey('volume', clamped);
  }

  function seekToFraction(fraction: number): void {
    const duration = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : $state.get().duration;
    if (!(duration > 0)) return;
    audio.currentTime = seekTime(fraction, duration);
    $state.set({
      ...$state.get(),
      currentTime: audio.currentTime,
      progress: progressPercent(audio.currentTime, duration),
    });
  }

  // The audio element reports; the controller publishes.
  audio.addEventListener('timeupdate', () => {
    listening.time(audio.currentTime);
    const duration = Number.isFinite(audio.duration) ? audio.duration : $state.get().duration;
    $state.set({
      ...$state.get(),
      currentTime: audio.currentTime,
      progress: progressPercent(audio.currentTime, duration),
    });
  });
  audio.addEventListener('durationchange', () => {
    if (Number.isFinite(audio.duration)) $state.setKey('duration', audio.duration);
  });
  audio.addEventListener('play', () => $state.setKey('playing', true));
  audio.addEventListener('playing', () => {
    listening.playing();
    $state.set({ ...$state.get(), playing: true, buffering: false });
    publishPlaybackState(true);
  });
  audio.addEventListener('pause', () => {
    $state.set({ ...$state.get(), playing: false, buffering: false });
    publishPlaybackState(false);
  });
  audio.addEventListener('waiting', () => $state.setKey('buffering', true));
  audio.addEventListener('canplay', () => $state.setKey('buffering', false));
  audio.addEventListener('ended', () => {
    listening.ended();
    next();
  });

  if (mediaSession) {
    publishPlaybackState(false);
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => $state.get().playing || togglePlay()],
      ['pause', () => $state.get().playing && togglePlay()],
      ['previoustrack', previous],
      ['nexttrack', next],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) audio.currentTime = details.seekTime;
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        mediaSession.setActionHandler(action, handler);
      } catch {
        // A browser may not support every action.
      }
    }
  }

  return {
    $state,
    setDefaultPlaylist: (name) => {
      defaultPlaylist = name;
    },
    setCovers: (given) => {
      covers = given;
      // A track restored or playing before the covers arrived gets its picture now.
      const { tracks, index, playlist } = $state.get();
      const track = tracks[index];
      if (track) describeForMediaSession(track, playlist);
    },
    playPlaylist: (name, title) => {
      const state = $state.get();
      if (name !== state.playlist || state.tracks.length === 0) {
        void loadPlaylist(name, { playNow: true, title });
        return;
      }
      const titled = title === undefined ? -1 : findTrackByTitle(state.tracks, title);
      // Another track of the loaded playlist is this page's single: switch to it and play.
      if (titled !== -1 && titled !== state.index) setTrack(titled, true);
      else togglePlay();
    },
    loadPlaylist,
    prefetchPlaylist: (name) => {
      if (name) getPlaylist(name).catch(() => undefined);
    },
    offerPlaylist,
    togglePlay,
    next,
    previous,
    selectTrack: (index) => setTrack(index, true),
    seekToFraction,
    volumeUp: () => setVolume($state.get().volume + VOLUME_STEP),
    volumeDown: () => setVolume($state.get().volume - VOLUME_STEP),
    restore: async () => {
      const last = readSaved(saved.get());
      if (!last || $state.get().playlist !== null) return;
      // A saved playlist since emptied or removed is not restored: the page's offer fills the
      // player instead of a playlist with nothing to play.
      const tracks = await getPlaylist(last.playlist).catch(() => []);
      if (tracks.length === 0 || $state.get().playlist !== null) return;
      await loadPlaylist(last.playlist, { playNow: false, index: last.index });
    },
  };
}

/** The state every island renders: the page's one player writes into it. */
export const $player = map<PlayerState>({ ...INITIAL_PLAYER_STATE });

let instance: Player | undefined;

/** The page's player, created on first use in the browser (never during the build). */
export function getPlayer(): Player {
  instance ??= createPlayer({
    audio: new Audio(),
    fetchPlaylist: (name) => fetchPlaylist(name, API_BASE),
    mediaSession: 'mediaSession' in navigator ? navigator.mediaSession : null,
    $state: $player,
    count: countEvent,
  });
  return instance;
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

/**
 * What a page with a player does once it is shown: remembers its default playlist, restores
 * the last visit's track and, on a page without slides, offers the default playlist (with a
 * single's track first on its page) when nothing else was restored.
 */
export async function setUpPagePlayer(defaultPlaylist: string, offer: boolean, offerTrack?: string): Promise<void> {
  const player = getPlayer();
  player.setDefaultPlaylist(defaultPlaylist);
  // What was playing or saved comes first; the offer only fills an empty player.
  await player.restore();
  if (offer) await player.offerPlaylist(defaultPlaylist, offerTrack);
  document.dispatchEvent(new Event(PLAYER_SET_UP_EVENT));
}

/**
 * Sent on the document once a page's player is set up: its restore and offer are done. A
 * test waits for it to see that an offer changed nothing, without guessing how long it takes.
 */
export const PLAYER_SET_UP_EVENT = 'player:set-up';

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
];
export const TIMELINE_KEYS: (keyof PlayerState)[] = ['currentTime', 'duration', 'progress'];
