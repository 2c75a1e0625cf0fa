/**
 * Loudness matching (EBU R128): every rendition is played at −14 LUFS, the level Spotify and
 * YouTube use, by one fixed gain baked into the file. Never louder than −1 dBTP: where the
 * peak blocks the gain the track stays quieter, and no compressor touches it (ffmpeg's
 * `loudnorm` silently switches to dynamic compression in that case, so it is not used). The
 * gain is baked in because iOS ignores `audio.volume`: a gain applied by the player would not
 * work there.
 */

export const TARGET_LUFS = -14;
export const MAX_TRUE_PEAK_DBTP = -1;
/**
 * Below this a track is silence (the EBU R128 gate is −70 LUFS): it keeps its level rather
 * than being raised by 56 dB.
 */
const SILENCE_LUFS = -70;
/** No track is raised by more than this: beyond it, noise and hiss would be raised too. */
const MAX_GAIN_DB = 24;

/**
 * The lowest level reported: ffmpeg says −inf for digital silence, which JSON and GraphQL
 * cannot carry; the floor of 24-bit audio stands in for it.
 */
const FLOOR_DB = -144;

/** A track's measured loudness. */
export interface Loudness {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** True peak, dBTP. */
  truePeak: number;
}

/** What the analysis knows of a track to compute an album's gain. */
export interface MeasuredTrack extends Loudness {
  /** Seconds. */
  duration: number;
}

/** How the gain is chosen: per track, or one shared by a release's tracks. */
export type LoudnessMode = 'track' | 'album';

/**
 * Reads the integrated loudness and true peak from the summary ffmpeg's `ebur128=peak=true`
 * filter writes at the end of its log; null when the summary is not there.
 */
export function parseEbur128Summary(log: string): Loudness | null {
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1];
  const peak = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
  if (integrated === undefined || peak === undefined) return null;
  const value = (text: string) => (text === '-inf' ? FLOOR_DB : Math.max(FLOOR_DB, Number(text)));
  return { integrated: value(integrated), truePeak: value(peak) };
}

/**
 * The gain in dB that brings a track to −14 LUFS without its true peak passing −1 dBTP:
 * g = min(−14 − I, −1 − TP), rounded to 0.1 dB (the measurement's own precision).
 */
export function gainFor({ integrated, truePeak }: Loudness): number {
  if (!(integrated > SILENCE_LUFS)) return 0;
  const gain = Math.min(TARGET_LUFS - integrated, MAX_TRUE_PEAK_DBTP - truePeak, MAX_GAIN_DB);
  return Math.round(gain * 10) / 10 || 0;
}

/**
 * A release's loudness, as if its tracks were played one after another: integrated loudness
 * is a mean of energy, so the tracks' loudness is averaged as energy weighted by duration
 * (close to measuring the joined audio; the gating makes the difference a few tenths of a
 * dB). The true peak is the loudest of the tracks'.
 */
export function albumLoudness(tracks: readonly MeasuredTrack[]): Loudness {
  const audible = tracks.filter((track) => track.integrated > SILENCE_LUFS && track.duration > 0);
  const seconds = audible.reduce((sum, track) => sum + track.duration, 0);
  const energy = audible.reduce((sum, track) => sum + track.duration * 10 ** (track.integrated / 10), 0);
  return {
    integrated: seconds > 0 ? 10 * Math.log10(energy / seconds) : FLOOR_DB,
    truePeak: Math.max(FLOOR_DB, ...tracks.map((track) => track.truePeak)),
  };
}

/**
 * Each track's gain: its own (track mode), or its release's (album mode: the gain that brings
 * the whole release to −14 LUFS, so a quiet intro stays quieter than the single after it).
 */
export function gainsFor(tracks: readonly MeasuredTrack[], mode: LoudnessMode): number[] {
  if (mode === 'track') return tracks.map(gainFor);
  const shared = gainFor(albumLoudness(tracks));
  return tracks.map(() => shared);
}
