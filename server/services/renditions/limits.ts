/**
 * How far one rendition job may go. A master's header can claim anything (a WAV's data size,
 * its sample rate), so each job is bounded by what its decoded samples measured, by a wall
 * clock, and by the bytes it may write; a master longer than a track may be is refused.
 */

export interface RenditionLimits {
  /** Wall-clock seconds one step (a measurement, or one rendition) may take before ffmpeg is killed. */
  timeoutSeconds: number;
  /** The longest master rendered, in seconds of decoded audio; a longer one is refused. */
  maxLengthSeconds: number;
}

/**
 * A 4-hour master takes about 3 minutes per rendition on this project's busy 2-core VM at the
 * lowest priority; 20 minutes leaves room for a slower machine while a stuck job still ends.
 */
export const DEFAULT_LIMITS: RenditionLimits = { timeoutSeconds: 1200, maxLengthSeconds: 4 * 3600 };

/** Seconds a rendition may last beyond its master's measured length (encoder padding). */
const DURATION_MARGIN_SECONDS = 2;
/** Room over the nominal bitrate (VBR peaks) and for the container's own bytes. */
const BITRATE_HEADROOM = 2;
const CONTAINER_BYTES = 1_000_000;

/** How long a rendition of a master measured at `seconds` may last (ffmpeg's `-t`). */
export const renditionSeconds = (seconds: number): number => Math.ceil(seconds) + DURATION_MARGIN_SECONDS;

/** The most bytes a rendition at `bitrate` (bits a second) of a master of `seconds` may take (ffmpeg's `-fs`). */
export const renditionBytes = (bitrate: number, seconds: number): number =>
  Math.ceil((bitrate / 8) * renditionSeconds(seconds) * BITRATE_HEADROOM) + CONTAINER_BYTES;

/** A length as the artist's listing shows it: 4:00:00, 3:07. */
export function clock(seconds: number): string {
  const whole = Math.round(seconds);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

/** Names the limits a failure happened under: a note made under other limits is tried again. */
export const limitsKey = ({ timeoutSeconds, maxLengthSeconds }: RenditionLimits): string =>
  `${timeoutSeconds}/${maxLengthSeconds}`;

/** A job stopped by a limit: written down with the limits, and tried again if they change. */
export class LimitExceeded extends Error {}
