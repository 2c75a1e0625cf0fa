/**
 * The renditions every track gets, lightest first (the order the player tries them in):
 * - Opus 96 kbps (constrained VBR) in WebM, cues at the front so a seek needs no extra request: the lightest
 *   file every current browser but Safari in Lockdown Mode plays.
 * - AAC-LC 160 kbps in MP4 (.m4a), `+faststart` (the index before the audio, so playback
 *   starts with the first bytes): plays everywhere, Lockdown Mode included, which refuses
 *   Opus, FLAC and WAV.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { measureTruePeak } from './analyse.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { renditionBytes, renditionSeconds } from './limits.ts';
import { MAX_TRUE_PEAK_DBTP } from './loudness.ts';

export interface RenditionFormat {
  id: 'opus' | 'aac';
  extension: string;
  /** The type the player asks `canPlayType` about, and the server sends. */
  mimeType: string;
  /** Bits a second. */
  bitrate: number;
  /** ffmpeg's output options for it. */
  codecArgs: readonly string[];
}

export const RENDITION_FORMATS: readonly RenditionFormat[] = [
  {
    id: 'opus',
    extension: 'webm',
    mimeType: 'audio/webm; codecs="opus"',
    bitrate: 96_000,
    // Constrained VBR keeps every file near 96 kbps: unconstrained, libopus spent 139 kbps on
    // the synthesised bench master (tonal music gets more bits).
    codecArgs: ['-c:a', 'libopus', '-b:a', '96k', '-vbr', 'constrained', '-f', 'webm', '-cues_to_front', '1'],
  },
  {
    id: 'aac',
    extension: 'm4a',
    mimeType: 'audio/mp4; codecs="mp4a.40.2"',
    bitrate: 160_000,
    codecArgs: ['-c:a', 'aac', '-b:a', '160k', '-movflags', '+faststart', '-f', 'mp4'],
  },
];

/** Changes when the way renditions are made does (not only their options): old files are remade. */
const ENCODING_VERSION = 2;

/**
 * Names the settings a rendition was made with (its format and the gain baked in): part of
 * its file name, so a change of either makes a new file and never reuses an old one.
 */
export function settingsKey(format: RenditionFormat, gainDb: number): string {
  return createHash('sha1')
    .update(`${ENCODING_VERSION}\0${format.id}\0${format.codecArgs.join(' ')}\0${gainDb.toFixed(1)}`)
    .digest('hex')
    .slice(0, 10);
}

/** One rendition to make: `source` into `target` in `format`, with `gainDb` applied. */
export interface EncodeJob {
  ffmpeg: string;
  source: string;
  target: string;
  format: RenditionFormat;
  gainDb: number;
  /** The master's length as its decoded samples measured it (not as its header claims). */
  seconds: number;
  signal?: AbortSignal | undefined;
}

/**
 * Makes a rendition and keeps its true peak at −1 dBTP or under: lossy encoders overshoot the
 * master's peaks (Opus by up to 0.5 dB on the demo set, ffmpeg's AAC by 3 dB on a dense
 * synthetic master), so a rendition over the ceiling is encoded once more, that much quieter
 * (plus a tenth of a dB). A fixed gain still: no limiter or compressor touches the music.
 */
export async function encode(job: EncodeJob): Promise<void> {
  await encodeOnce(job, job.gainDb);
  const truePeak = await measureTruePeak(job.ffmpeg, job.target, {
    maxSeconds: renditionSeconds(job.seconds),
    signal: job.signal,
  });
  const excess = truePeak - MAX_TRUE_PEAK_DBTP;
  if (excess > 0) await encodeOnce(job, Math.round((job.gainDb - excess - 0.1) * 10) / 10);
}

/**
 * Encodes with `gainDb` applied (no other processing), no longer than the master measured
 * and no bigger than that length needs; a file that reached the size cap is refused.
 */
async function encodeOnce(job: EncodeJob, gainDb: number): Promise<void> {
  const { ffmpeg, source, target, format, seconds, signal } = job;
  const maxBytes = renditionBytes(format.bitrate, seconds);
  await runFfmpeg(
    ffmpeg,
    [
      '-loglevel',
      'error',
      '-i',
      source,
      // The first audio stream only: a cover picture or a second stream stays out.
      '-map',
      '0:a:0',
      '-map_metadata',
      '-1',
      '-af',
      `volume=${gainDb.toFixed(1)}dB`,
      ...format.codecArgs,
      ...['-t', String(renditionSeconds(seconds)), '-fs', String(maxBytes)],
      '-y',
      target,
    ],
    { signal },
  );
  // ffmpeg stops writing at `-fs` and still exits with 0: a file that reached it is cut short.
  if ((await stat(target)).size >= maxBytes) {
    throw new Error(`the ${format.id} rendition reached ${Math.round(maxBytes / 1e6)} MB, more than its length needs`);
  }
}
