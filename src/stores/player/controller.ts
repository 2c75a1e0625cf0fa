/**
 * The player's controller: it owns the page's single `<audio>` element, decides every transition
 * (load, offer, play, the next track, seeks, volume) and publishes the state in a nanostore. The
 * lock screen, the saved position and the counts follow it through `watch`, never its insides.
 */
import { map, type MapStore } from 'nanostores';
import { VOLUME_STEP } from '../../lib/constants.ts';
import { clampVolume, progressPercent } from '../../lib/player-logic.ts';
import { pickSource } from '../../lib/audio-source.ts';
import { MISSING_NAME_ERROR, type PlaylistTrack } from '../../lib/playlist-api.ts';
import { findTrackByTitle } from '../../lib/track-titles.ts';
import { followingTrack, nextRepeatMode, precedingTrack } from '../../lib/play-order.ts';
import { INITIAL_PLAYER_STATE, type PlayerState } from './state.ts';
import { playlistCache } from './playlist-cache.ts';
import { createPlayhead } from './playhead.ts';
import type { AudioLike, LoadOptions, PlayerController, PlayerWatcher, Tell } from './types.ts';

export interface ControllerParts {
  audio: AudioLike;
  fetchPlaylist: (name: string) => Promise<PlaylistTrack[]>;
  /** A number in [0, 1) for the shuffle's order; Math.random by default. */
  random?: (() => number) | undefined;
  log?: Pick<Console, 'error'> | undefined;
  $state?: MapStore<PlayerState> | undefined;
}

export function createController(parts: ControllerParts): PlayerController {
  const { audio } = parts;
  const log = parts.log ?? console;
  const $state = parts.$state ?? map<PlayerState>({ ...INITIAL_PLAYER_STATE });
  const random = parts.random ?? Math.random;
  const watchers: PlayerWatcher[] = [];
  const tell: Tell = (event, ...args) => {
    for (const watcher of watchers) watcher[event]?.(...args);
  };
  const playlists = playlistCache(parts.fetchPlaylist);
  const playhead = createPlayhead(audio, $state, tell);
  /** The tracks played in this round of the shuffle (lib/play-order.ts). */
  let played: number[] = [];
  let defaultPlaylist: string | null = null;
  /** Each load takes a ticket; an answer for an older ticket is dropped. */
  let ticket = 0;

  audio.preload = 'auto';
  audio.volume = $state.get().volume;

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
    const { status } = $state.get();
    const duration = track.duration ?? 0;
    // Never at or past the end: a moment beyond it would only end the track at once.
    const start = startAt > 0 && (duration <= 0 || startAt < duration) ? startAt : 0;
    playhead.startAt(start);
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
    tell('trackLoaded', track, playlist, index, start);
    if (play) startPlayback();
  }

  /** Shows a fetched playlist and loads its track `index` (0 when out of range). */
  function apply(name: string, tracks: PlaylistTrack[], index: number, play: boolean, startAt = 0): void {
    played = [];
    $state.set({ ...$state.get(), playlist: name, loading: null, status: 'ready', tracks, index: 0, progress: 0 });
    if (tracks.length === 0) {
      audio.pause();
      tell('emptied');
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
    const known = playlists.known(name);
    if (known) {
      apply(name, known, startIndex(known), playNow, startAt);
      return;
    }
    $state.setKey('loading', name);
    try {
      const tracks = await playlists.get(name);
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
      const tracks = await playlists.get(name);
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

  function setVolume(volume: number): void {
    const clamped = clampVolume(volume);
    audio.volume = clamped;
    $state.setKey('volume', clamped);
  }

  // The audio element reports; the controller publishes, then tells its followers.
  audio.addEventListener('volumechange', () => {
    if (audio.muted !== undefined) $state.setKey('muted', audio.muted);
  });
  audio.addEventListener('play', () => $state.setKey('playing', true));
  audio.addEventListener('playing', () => {
    playhead.playing();
    $state.set({ ...$state.get(), playing: true, buffering: false });
    tell('playing');
  });
  audio.addEventListener('pause', () => {
    $state.set({ ...$state.get(), playing: false, buffering: false });
    tell('paused');
  });
  audio.addEventListener('waiting', () => $state.setKey('buffering', true));
  audio.addEventListener('canplay', () => $state.setKey('buffering', false));
  audio.addEventListener('ended', () => {
    // Told before the next track is set, so the end is that of the track that ended.
    tell('ended');
    step('next', true);
  });

  return {
    $state,
    watch: (watcher) => {
      watchers.push(watcher);
    },
    fetchTracks: playlists.get,
    setDefaultPlaylist: (name) => {
      defaultPlaylist = name;
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
      if (name) playlists.get(name).catch(() => undefined);
    },
    offerPlaylist,
    togglePlay,
    next,
    previous,
    selectTrack: (index) => setTrack(index, true),
    seekToFraction: playhead.seekToFraction,
    volumeUp: () => setVolume($state.get().volume + VOLUME_STEP),
    volumeDown: () => setVolume($state.get().volume - VOLUME_STEP),
    currentTime: playhead.current,
    seekBy: (seconds) => playhead.seekTo(playhead.current() + seconds),
    seekTo: playhead.seekTo,
    toggleMute: () => {
      const muted = !$state.get().muted;
      audio.muted = muted;
      $state.setKey('muted', muted);
    },
    toggleShuffle: () => {
      $state.setKey('shuffle', !$state.get().shuffle);
      // A new round starts from the track playing now.
      played = [$state.get().index];
    },
    cycleRepeat: () => {
      $state.setKey('repeat', nextRepeatMode($state.get().repeat));
    },
  };
}
