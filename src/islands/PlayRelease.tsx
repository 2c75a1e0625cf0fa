/**
 * The play button of a release page: starts the release's playlist in the page's player,
 * which keeps playing when the visitor moves on (the player persists across pages).
 */
import { useStore } from '@nanostores/react';
import { $player, playPlaylist } from '../stores/player.ts';

interface PlayReleaseProps {
  playlist: string;
  labels: { play: string; pause: string };
}

export default function PlayRelease({ playlist, labels }: PlayReleaseProps) {
  const { playlist: current, playing } = useStore($player, { keys: ['playlist', 'playing'] });
  const isPlaying = playing && current === playlist;
  return (
    <button type="button" className="release-play" onClick={() => playPlaylist(playlist)}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={isPlaying ? 'M6 5h4v14H6zM14 5h4v14h-4z' : 'M7 4.5v15l12-7.5z'} fill="currentColor" />
      </svg>
      <span>{isPlaying ? labels.pause : labels.play}</span>
    </button>
  );
}
