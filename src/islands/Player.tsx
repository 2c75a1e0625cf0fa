/**
 * The audio player's view: status, controls, progress slider, volume and the track
 * list. It renders the player store and calls its actions; the store decides everything.
 */
import { useEffect } from 'react';
import { displayTitle, formatTime } from '../lib/player-logic.ts';
import { fill } from '../lib/template.ts';
import type { PlayerLabels } from '../lib/player-labels.ts';
import { trackPicture, type PlayerCovers } from '../lib/player-artwork.ts';
import {
  $player,
  nextTrack,
  PLAYER_VIEW_KEYS,
  previousTrack,
  seekToFraction,
  selectTrack,
  setPlayerCovers,
  setUpPagePlayer,
  TIMELINE_KEYS,
  togglePlay,
  volumeDown,
  volumeUp,
} from '../stores/player.ts';
import { $playerLabelsOverride } from '../stores/player-labels.ts';
import ButtonSlot from './ButtonSlot.tsx';
import LyricsPanel from './LyricsPanel.tsx';
import PlayerModes from './PlayerModes.tsx';
import PlayerShortcuts from './PlayerShortcuts.tsx';
import SeekBar from './SeekBar.tsx';
import ShareMoment from './ShareMoment.tsx';
import { useHydrated } from './useHydrated.ts';
import { useSharedStore } from './useSharedStore.ts';
import './player.css';

interface PlayerProps {
  labels: PlayerLabels;
  /** The playlist the play button starts when nothing is loaded yet. */
  defaultPlaylist: string;
  /**
   * On a page without slides (the landing page): show the default playlist's name and tracks
   * before anything is chosen, for one tap on play, instead of the home page's status.
   */
  offerDefault?: boolean;
  /** A single's page: the offer starts at the track of this title, as its play button does. */
  offerTrack?: string | undefined;
  /** The releases' covers and the logo: what the player shows when a track has no cover. */
  covers?: PlayerCovers | undefined;
  /** Where the index of the tracks' lyrics is; none when no track has lyrics. */
  lyricsIndex?: string | undefined;
}

export default function Player({
  labels: builtLabels,
  defaultPlaylist,
  offerDefault = false,
  offerTrack,
  covers,
  lyricsIndex,
}: PlayerProps) {
  // Not the time: it changes four times a second while a track plays, and only the timeline
  // below shows it, so the rest (the track list above all) is not drawn again for it.
  const state = useSharedStore($player, PLAYER_VIEW_KEYS);
  const override = useSharedStore($playerLabelsOverride);
  const hydrated = useHydrated();
  const labels = override ?? builtLabels;

  useEffect(() => {
    if (covers) setPlayerCovers(covers);
  }, [covers]);

  useEffect(() => {
    void setUpPagePlayer(defaultPlaylist, offerDefault, offerTrack);
  }, [defaultPlaylist, offerDefault, offerTrack]);

  const track = state.tracks[state.index];
  const picture = track ? trackPicture(track, state.playlist, covers ?? null) : null;
  /** Nothing chosen yet on the landing page: the player offers a playlist for one tap. */
  const offering = offerDefault && state.loading === null && (state.status === 'initial' || state.status === 'offered');
  const offered = state.playlist ?? defaultPlaylist;
  const status =
    state.loading !== null
      ? fill(labels.status_loading, { name: state.loading })
      : offering
        ? fill(labels.status_offer, { name: offered })
        : state.status === 'ready' || state.status === 'offered'
          ? `${labels.playlistLabel}: ${state.playlist ?? ''}`
          : labels.status_initial;
  const playName = state.playing ? labels.pause : offering ? fill(labels.playPlaylist, { name: offered }) : labels.play;

  return (
    <section
      className="player"
      aria-label={labels.region}
      data-playing={state.playing}
      data-status={state.loading === null ? state.status : 'loading'}
      // Tells a page change that this island may be carried over (src/page-start/persisted-islands.ts).
      data-hydrated={hydrated || undefined}
    >
      <div className="player-now">
        {picture ? (
          <img
            className="player-cover"
            src={picture.src}
            srcSet={picture.srcSet}
            sizes={picture.srcSet ? '64px' : undefined}
            width="64"
            height="64"
            alt=""
            data-cover={picture.source}
          />
        ) : (
          <span className="player-cover player-cover-empty" aria-hidden="true" />
        )}
        <div className="player-texts">
          <p className="player-status" role="status" aria-live="polite">
            {status}
          </p>
          <p className="player-title">
            {track ? (
              <>
                <span className="visually-hidden">{labels.nowPlaying}: </span>
                {displayTitle(track.title)}
                {track.artist ? <span className="player-artist"> — {track.artist}</span> : null}
              </>
            ) : (
              ' '
            )}
          </p>
          {state.buffering && state.playing ? <p className="player-buffering">{labels.buffering}</p> : null}
        </div>
      </div>

      <div className="player-controls">
        <PlayerModes labels={labels} mode="shuffle" />
        <button type="button" className="player-button" aria-label={labels.previous} onClick={previousTrack}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 5h2v14H6zM20 5v14L9 12z" fill="currentColor" />
          </svg>
        </button>
        <button type="button" className="player-button player-play" aria-label={playName} onClick={togglePlay}>
          <span aria-hidden="true">{state.playing ? '❚❚' : '▶'}</span>
        </button>
        <button type="button" className="player-button" aria-label={labels.next} onClick={nextTrack}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M16 5h2v14h-2zM4 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
        <PlayerModes labels={labels} mode="repeat" />
      </div>

      <PlayerTimeline
        // Only for a track loaded into the audio: an offered playlist fetches nothing yet.
        peaksUrl={state.status === 'ready' ? track?.peaksUrl : null}
        label={labels.progress}
        valueText={labels.progressValue}
      />

      <div className="player-volume" role="group" aria-label={labels.volume}>
        <button type="button" className="player-button" aria-label={labels.volumeDown} onClick={volumeDown}>
          <span aria-hidden="true">−</span>
        </button>
        <span className="player-volume-value">{state.muted ? labels.muted : `${Math.round(state.volume * 100)}%`}</span>
        <button type="button" className="player-button" aria-label={labels.volumeUp} onClick={volumeUp}>
          <span aria-hidden="true">+</span>
        </button>
        <ShareMoment labels={labels} covers={covers ?? null} />
        {lyricsIndex && track ? (
          <LyricsPanel indexUrl={lyricsIndex} labels={labels} playlist={state.playlist} title={track.title} />
        ) : (
          <ButtonSlot />
        )}
      </div>
      <PlayerShortcuts labels={labels} />

      <ol className="player-tracks" aria-label={labels.tracklist}>
        {state.tracks.length === 0 ? (
          <li className="player-tracks-empty">{labels.empty}</li>
        ) : (
          state.tracks.map((item, index) => (
            <li key={item.url}>
              <button
                type="button"
                className="player-track"
                aria-current={index === state.index ? 'true' : undefined}
                onClick={() => selectTrack(index)}
              >
                <span className="player-track-number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>
                  <span className="visually-hidden">{labels.play} </span>
                  {displayTitle(item.title)}
                </span>
              </button>
            </li>
          ))
        )}
      </ol>
    </section>
  );
}

interface PlayerTimelineProps {
  peaksUrl: string | null | undefined;
  label: string;
  valueText: string;
}

/** The times and the seek bar: the one part of the player drawn again as the track plays. */
function PlayerTimeline({ peaksUrl, label, valueText }: PlayerTimelineProps) {
  const { currentTime, duration, progress } = useSharedStore($player, TIMELINE_KEYS);
  return (
    <div className="player-timeline">
      <span className="player-time">{formatTime(currentTime)}</span>
      <SeekBar
        currentTime={currentTime}
        duration={duration}
        progress={progress}
        peaksUrl={peaksUrl}
        label={label}
        valueText={valueText}
        onSeek={seekToFraction}
      />
      <span className="player-time">{formatTime(duration)}</span>
    </div>
  );
}
