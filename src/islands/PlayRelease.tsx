/**
 * The play button of a release page: starts the release's playlist in the page's player,
 * which keeps playing when the visitor moves on (the player persists across pages). A single
 * shares the Singles playlist with the others, so its button names its track: the playlist
 * starts there, and the button shows pause only while that track plays.
 */
import { findTrackByTitle } from '../lib/track-titles.ts';
import { $player, playPlaylist } from '../stores/player.ts';
import { useSharedStore } from './useSharedStore.ts';
import './play-release.css';

interface PlayReleaseProps {
  playlist: string;
  /** A single's title: the track of the playlist to start from, when the playlist has it. */
  track?: string | undefined;
  labels: { play: string; pause: string };
}

export default function PlayRelease({ playlist, track, labels }: PlayReleaseProps) {
  const {
    playlist: current,
    playing,
    tracks,
    index,
  } = useSharedStore($player, ['playlist', 'playing', 'tracks', 'index']);
  // A single the playlist lacks plays it from its first track: any track then counts.
  const trackIndex = track === undefined ? -1 : findTrackByTitle(tracks, track);
  const onThisTrack = trackIndex === -1 || trackIndex === index;
  const isPlaying = playing && current === playlist && onThisTrack;
  return (
    <button type="button" className="release-play pill-button" onClick={() => playPlaylist(playlist, track)}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={isPlaying ? 'M6 5h4v14H6zM14 5h4v14h-4z' : 'M7 4.5v15l12-7.5z'} fill="currentColor" />
      </svg>
      <span>{isPlaying ? labels.pause : labels.play}</span>
    </button>
  );
}
