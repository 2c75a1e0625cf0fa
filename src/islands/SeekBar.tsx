/**
 * The progress bar: a native range input, so the keyboard (arrows, Page Up/Down,
 * Home, End), a click anywhere on it and screen readers work as browsers make them work. It
 * asks the player to seek; the position it shows is read back from the audio element's events
 * (the player store), never set ahead of them. Behind it, the track's waveform, the played part
 * in the accent colour; a plain bar until the waveform is there.
 */
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { formatTime } from '../lib/player-logic.ts';
import { fill } from '../lib/template.ts';
import { WAVEFORM_BARS } from '../lib/waveform.ts';
import { useWaveform } from './useWaveform.ts';

interface SeekBarProps {
  currentTime: number;
  duration: number;
  /** Percent of the duration played. */
  progress: number;
  peaksUrl: string | null | undefined;
  label: string;
  /** `{{current}} of {{total}}`, translated. */
  valueText: string;
  onSeek: (fraction: number) => void;
}

export default function SeekBar({ currentTime, duration, progress, peaksUrl, label, valueText, onSeek }: SeekBarProps) {
  const waveform = useWaveform(peaksUrl);
  // An id safe inside url(#…), whatever characters React's ids use.
  const clipId = `seek-clip-${useId().replace(/[^\w-]/g, '')}`;
  const plainFill = useRef<HTMLDivElement>(null);
  // Through the CSSOM, not a style attribute: the page's CSP allows no inline style attributes.
  useEffect(() => {
    plainFill.current?.style.setProperty('width', `${progress}%`);
  }, [progress, waveform]);

  const seekable = duration > 0;
  const seek = (event: ChangeEvent<HTMLInputElement>) => {
    if (seekable) onSeek(Number(event.currentTarget.value) / duration);
  };

  return (
    <div className="player-progress" data-waveform={waveform ? 'true' : undefined}>
      {waveform ? (
        <svg
          className="player-waveform"
          viewBox={`0 0 ${WAVEFORM_BARS} 100`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <clipPath id={clipId}>
            <rect width={(progress / 100) * WAVEFORM_BARS} height="100" />
          </clipPath>
          <path className="player-waveform-rest" d={waveform} />
          <path className="player-waveform-played" d={waveform} clipPath={`url(#${clipId})`} />
        </svg>
      ) : (
        <div className="player-progress-fill" ref={plainFill} />
      )}
      <input
        type="range"
        className="player-seek"
        min={0}
        max={seekable ? duration : 0}
        // Any position: a click lands where it points, even on a short track; arrows move 1 %.
        step="any"
        value={seekable ? Math.min(currentTime, duration) : 0}
        onChange={seek}
        aria-label={label}
        aria-valuetext={fill(valueText, { current: formatTime(currentTime), total: formatTime(duration) })}
      />
    </div>
  );
}
