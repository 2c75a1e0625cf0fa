/**
 * The shuffle and repeat buttons: shuffle is pressed or not; repeat goes all → one → off, its
 * name saying the mode and pressed while it repeats anything. The store keeps both.
 */
import type { ReactNode } from 'react';
import type { PlayerLabels } from '../lib/player-labels.ts';
import { $player, cycleRepeat, toggleShuffle } from '../stores/player.ts';
import { useSharedStore } from './useSharedStore.ts';
import './player-extras.css';

interface PlayerModesProps {
  labels: Pick<PlayerLabels, 'shuffle' | 'repeat_all' | 'repeat_one' | 'repeat_off'>;
  /** Which of the two buttons: they sit either side of the track buttons. */
  mode: 'shuffle' | 'repeat';
}

const SHUFFLE_PATH = 'M4 7h3.5l7 10H20M4 17h3.5l2-2.9M20 7h-5.5l-2 2.9M17 4l3 3-3 3M17 14l3 3-3 3';
const REPEAT_PATH = 'M4 11V9a2 2 0 0 1 2-2h13M16 4l3 3-3 3M20 13v2a2 2 0 0 1-2 2H5M8 20l-3-3 3-3';

/** A mode's line drawing; repeat-one adds its small "1". */
function ModeIcon({ path, children }: { path: string; children?: ReactNode }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      {children}
    </svg>
  );
}

export default function PlayerModes({ labels, mode }: PlayerModesProps) {
  const { shuffle, repeat } = useSharedStore($player, ['shuffle', 'repeat']);
  if (mode === 'shuffle') {
    return (
      <button
        type="button"
        className="player-button player-mode"
        aria-label={labels.shuffle}
        aria-pressed={shuffle}
        onClick={toggleShuffle}
      >
        <ModeIcon path={SHUFFLE_PATH} />
      </button>
    );
  }
  return (
    <button
      type="button"
      className="player-button player-mode"
      aria-label={labels[`repeat_${repeat}`]}
      aria-pressed={repeat !== 'off'}
      data-repeat={repeat}
      onClick={cycleRepeat}
    >
      <ModeIcon path={REPEAT_PATH}>
        {repeat === 'one' ? (
          <text x="12" y="14.5" fontSize="8" textAnchor="middle" fill="currentColor">
            1
          </text>
        ) : null}
      </ModeIcon>
    </button>
  );
}
