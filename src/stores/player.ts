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
import { clampVolume, displayTitle, progressPercent, seekTime } from '../lib/player-logic.ts';
import { pickSource } from '../lib/audio-source.ts';
import { trackPicture, type PlayerCovers } from '../lib/player-artwork.ts';
import { fetchPlaylist, MISSING_NAME_ERROR, type PlaylistTrack } from '../lib/playlist-api.ts';
import { findTrackByTitle } from '../lib/track-titles.ts';
import { listeningCounter } from '../lib/listening.ts';
import { countEvent } from '../lib/numbers.ts';
import type { PageEvent } from '../lib/numbers-events.ts';
import {
  DEFAULT_REPEAT,
  followingTrack,
  isRepeatMode,
  nextRepeatMode,
  precedingTrack,
  type RepeatMode,
} from '../lib/play-order.ts';
import { findSharedTrack, momentFromSearch, type SharedMoment } from '../lib/player-moment.ts';

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

export interface PlayerParts {
  audio: AudioLike;
  fetchPlaylist: (name: string) => Promise<PlaylistTrack[]>;
  /**
   * Where the current playlist and track are kept for the next visit: by default in
   * localStorage (`@nanostores/persistent`, key `player`); anything else for tests.
   */
  saved?: WritableAtom<unknown> | undefined;
  /** Where shuffle and repeat are kept (localStorage key `player-modes` by default). */
  savedModes?: WritableAtom<unknown> | undefined;
  /** A number in [0, 1) for the shuffle's order; Math.random by default. */
  random?: (() => number) | undefined;
  /** Milliseconds now, for spacing the saves of the position; Date.now by default. */
  now?: (() => number) | undefined;
  mediaSession?: MediaSession | null | undefined;
  log?: Pick<Console, 'error'> | undefined;
  $state?: MapStore<PlayerState> | undefined;
  /** Where the tracks' starts, 30 seconds and ends are counted (lib/listening.ts); none by default. */
  count?: ((event: PageEvent) => void) | undefined;
}

export const STORAGE_KEY = 'player';
export const MODES_STORAGE_KEY = 'player-modes';
/** While a track plays, its position is saved at most this often (and on pause and pagehide). */
export const POSITION_SAVE_MS = 5000;
/** How far the lock screen's seek buttons move when they name no offset, in seconds. */
export const MEDIA_SESSION_SEEK_SECONDS = 10;

export interface LoadOptions {
  playNow?: boolean;
  index?: number;
  /** Start at the track of this title (see lib/track-titles.ts) when the list has one. */
  title?: string | undefined;
  /** Start this many seconds into the track (a resumed visit, a shared moment). */
  startAt?: number | undefined;
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
  /** Saves the current track's position for the next visit (the page calls it on pagehide). */
  savePosition(): void;
  /**
   * A shared moment (a link's `track` and `t`): loads that track of `playlist` paused, at that
   * second, for one tap to play from there. Nothing changes while music plays or when the
   * playlist has no such track. Resolves true when the moment was shown.
   */
  showMoment(playlist: string, moment: SharedMoment): Promise<boolean>;
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

/** The saved track in localStorage, read when asked (a JSON the library cannot parse reads as null). */
const savedInLocalStorage = (): WritableAtom<unknown> => persistentJSON<unknown>(STORAGE_KEY, null, { listen: false });
const modesInLocalStorage = (): WritableAtom<unknown> =>
  persistentJSON<unknown>(MODES_STORAGE_KEY, null, { listen: false });

/** Writes to storage that may be full or blocked: remembering is a convenience, never an error. */
function keep(store: WritableAtom<unknown>, value: unknown): void {
  try {
    store.set(value);
  } catch {
    // Nothing to do: the next visit starts afresh.
  }
}

export function createPlayer(parts: PlayerParts): Player {
  const { audio, mediaSession } = parts;
  const saved = parts.saved ?? savedInLocalStorage();
  const log = parts.log ?? console;
  const $state = parts.$state ?? map<PlayerState>({ ...INITIAL_PLAYER_STATE });
  const savedModes = parts.savedModes ?? modesInLocalStorage();
  const random = parts.random ?? Math.random;
  const now = parts.now ?? Date.now;
  $state.set({ ...$state.get(), ...readModes(savedModes.get()) });
  /** The tracks played in this round of the shuffle (lib/play-order.ts). */
  let played: number[] = [];
  /** A position to start the loaded track at, applied again once its metadata is known. */
  let pendingStart: number | null = null;
  let lastPositionSave = 0;
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

  /**
   * Pauses, points the audio at track `index`, resets progress (or sets it at `startAt`
   * seconds), and plays when asked.
   */
  function setTrack(index: number, play: boolean, startAt = 0): void {
    const { tracks, playlist } = $state.get();
    const track = tracks[index];
    if (!track) return;
    audio.pause();
    audio.src = pickSource(track, (type) => audio.canPlayType(type));
    // Counted by the master's file, whichever rendition plays: the url names a rendition once made.
    listening.load(playlist ? { playlist, file: track.file } : null);
    const { status } = $state.get();
    const duration = track.duration ?? 0;
    // Never at or past the end: a moment beyond it would only end the track at once.
    const start = startAt > 0 && (duration <= 0 || startAt < duration) ? startAt : 0;
    pendingStart = start > 0 ? start : null;
    if (start > 0) audio.currentTime = start;
    if (!played.includes(index)) played = [...played, index];
    $state.set({
      ...$state.get(),
      // An offered playlist becomes the loaded one with its first track set.
      status: status === 'offered' ? 'ready' : status,
      index,
      progress: progressPercent(start, duration),
      currentTime: start,
      duration,
    });
    describeForMediaSession(track, playlist);
    publishPlaybackState(false);
    keep(saved, { playlist, index, time: start });
    if (play) startPlayback();
  }

  /** Shows a fetched playlist and loads its track `index` (0 when out of range). */
  function apply(name: string, tracks: PlaylistTrack[], index: number, play: boolean, startAt = 0): void {
    played = [];
    $state.set({ ...$state.get(), playlist: name, loading: null, status: 'ready', tracks, index: 0, progress: 0 });
    if (tracks.length === 0) {
      audio.pause();
      if (mediaSession) mediaSession.metadata = null;
      publishPlaybackState(false);
      return;
    }
    const valid = index >= 0 && index < tracks.length;
    setTrack(valid ? index : 0, play, valid ? startAt : 0);
  }

  async function loadPlaylist(name: string, options: LoadOptions = {}): Promise<void> {
    const { playNow = false, title, startAt = 0 } = options;
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
      apply(name, known, startIndex(known), playNow, startAt);
      return;
    }
    $state.setKey('loading', name);
    try {
      const tracks = await getPlaylist(name);
      if (mine === ticket) apply(name, tracks, startIndex(tracks), playNow, startAt);
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

  /** Moves to the track the order gives (shuffle, repeat); at a track's end, stops when none follows. */
  function step(choose: 'next' | 'previous', atEnd = false): void {
    const { tracks, index, shuffle, repeat } = $state.get();
    if (tracks.length === 0) return;
    const order = { index, count: tracks.length, shuffle, repeat, played };
    const chosen = choose === 'next' ? followingTrack(order, atEnd, random) : precedingTrack(order);
    if (!chosen) return;
    played = chosen.played;
    setTrack(chosen.index, true);
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

  const next = () => step('next');
  const previous = () => step('previous');

  /** The track's length: the element's once known, else the playlist's. */
  function knownDuration(): number {
    return Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : $state.get().duration;
  }

  /**
   * Tells the lock screen where the playhead is, so its bar and seek controls are right. Only a
   * state the API accepts (a known duration, a position within it, a rate above 0), and only
   * where the browser has it.
   */
  function publishPosition(): void {
    if (!mediaSession || typeof mediaSession.setPositionState !== 'function') return;
    const duration = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
    const rate = audio.playbackRate ?? 1;
    if (!(duration > 0) || !(Number.isFinite(rate) && rate > 0)) return;
    try {
      mediaSession.setPositionState({
        duration,
        playbackRate: rate,
        position: Math.min(duration, Math.max(0, Number.isFinite(audio.currentTime) ? audio.currentTime : 0)),
      });
    } catch {
      // An engine may still refuse a state; the lock screen then shows no position.
    }
  }

  /** The playhead: a start not yet applied to the element counts as where it is. */
  function currentTime(): number {
    return pendingStart ?? (Number.isFinite(audio.currentTime) ? audio.currentTime : 0);
  }

  function seekTo(seconds: number): void {
    const { tracks, status } = $state.get();
    const duration = knownDuration();
    if (status !== 'ready' || tracks.length === 0 || !(duration > 0) || !Number.isFinite(seconds)) return;
    const time = Math.min(duration, Math.max(0, seconds));
    pendingStart = null;
    audio.currentTime = time;
    $state.set({ ...$state.get(), currentTime: time, progress: progressPercent(time, duration) });
    publishPosition();
  }

  function savePosition(): void {
    const { playlist, index, tracks, status } = $state.get();
    if (status !== 'ready' || !playlist || tracks.length === 0) return;
    lastPositionSave = now();
    keep(saved, { playlist, index, time: currentTime() });
  }

  function saveModes(): void {
    const { shuffle, repeat } = $state.get();
    keep(savedModes, { shuffle, repeat });
  }

  function setVolume(volume: number): void {
    const clamped = clampVolume(volume);
    audio.volume = clamped;
    $state.setKey('volume', clamped);
  }

  function seekToFraction(fraction: number): void {
    const duration = knownDuration();
    if (!(duration > 0)) return;
    pendingStart = null;
    audio.currentTime = seekTime(fraction, duration);
    $state.set({
      ...$state.get(),
      currentTime: audio.currentTime,
      progress: progressPercent(audio.currentTime, duration),
    });
    publishPosition();
  }

  // The audio element reports; the controller publishes.
  audio.addEventListener('timeupdate', () => {
    // Before a moment's start is applied, the element still says 0: the state keeps the moment.
    if (pendingStart !== null && audio.currentTime < pendingStart) return;
    pendingStart = null;
    listening.time(audio.currentTime);
    const duration = Number.isFinite(audio.duration) ? audio.duration : $state.get().duration;
    $state.set({
      ...$state.get(),
      currentTime: audio.currentTime,
      progress: progressPercent(audio.currentTime, duration),
    });
    if ($state.get().playing && now() - lastPositionSave >= POSITION_SAVE_MS) savePosition();
  });
  audio.addEventListener('loadedmetadata', () => {
    // An engine that dropped the start set before the metadata came gets it again now.
    if (pendingStart !== null && Number.isFinite(audio.duration) && pendingStart < audio.duration) {
      audio.currentTime = pendingStart;
    }
    publishPosition();
  });
  audio.addEventListener('durationchange', () => {
    if (Number.isFinite(audio.duration)) $state.setKey('duration', audio.duration);
    publishPosition();
  });
  audio.addEventListener('seeked', publishPosition);
  audio.addEventListener('ratechange', publishPosition);
  audio.addEventListener('volumechange', () => {
    if (audio.muted !== undefined) $state.setKey('muted', audio.muted);
  });
  audio.addEventListener('play', () => $state.setKey('playing', true));
  audio.addEventListener('playing', () => {
    // An engine that let the start go unapplied plays from 0: the moment is put right now.
    if (pendingStart !== null) {
      if (audio.currentTime < pendingStart - 0.5) audio.currentTime = pendingStart;
      pendingStart = null;
    }
    listening.playing();
    $state.set({ ...$state.get(), playing: true, buffering: false });
    publishPlaybackState(true);
    publishPosition();
  });
  audio.addEventListener('pause', () => {
    $state.set({ ...$state.get(), playing: false, buffering: false });
    publishPlaybackState(false);
    publishPosition();
    savePosition();
  });
  audio.addEventListener('waiting', () => $state.setKey('buffering', true));
  audio.addEventListener('canplay', () => $state.setKey('buffering', false));
  audio.addEventListener('ended', () => {
    listening.ended();
    step('next', true);
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
          if (details.seekTime !== undefined) seekTo(details.seekTime);
        },
      ],
      ['seekbackward', (details) => seekTo(currentTime() - (details.seekOffset ?? MEDIA_SESSION_SEEK_SECONDS))],
      ['seekforward', (details) => seekTo(currentTime() + (details.seekOffset ?? MEDIA_SESSION_SEEK_SECONDS))],
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
    currentTime,
    seekBy: (seconds) => seekTo(currentTime() + seconds),
    seekTo,
    toggleMute: () => {
      const muted = !$state.get().muted;
      audio.muted = muted;
      $state.setKey('muted', muted);
    },
    toggleShuffle: () => {
      $state.setKey('shuffle', !$state.get().shuffle);
      // A new round starts from the track playing now.
      played = [$state.get().index];
      saveModes();
    },
    cycleRepeat: () => {
      $state.setKey('repeat', nextRepeatMode($state.get().repeat));
      saveModes();
    },
    savePosition,
    showMoment: async (playlist, moment) => {
      if (!playlist || !moment.track || $state.get().playing) return false;
      const ref = moment.track;
      const tracks = await getPlaylist(playlist).catch(() => []);
      const index = findSharedTrack(tracks, ref);
      // Music started meanwhile (a tap) wins over the link.
      if (index === -1 || $state.get().playing) return false;
      await loadPlaylist(playlist, { playNow: false, index, startAt: moment.seconds ?? 0 });
      return true;
    },
    restore: async () => {
      const last = readSaved(saved.get());
      if (!last || $state.get().playlist !== null) return;
      // A saved playlist since emptied or removed is not restored: the page's offer fills the
      // player instead of a playlist with nothing to play.
      const tracks = await getPlaylist(last.playlist).catch(() => []);
      if (tracks.length === 0 || $state.get().playlist !== null) return;
      await loadPlaylist(last.playlist, { playNow: false, index: last.index, startAt: last.time });
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
  // Leaving or hiding the page keeps where the track had got to, for the next visit.
  addEventListener('pagehide', () => instance?.savePosition());
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
