/**
 * The renditions every track gets, lightest first (the order the player tries them in):
 * - Opus 96 kbps (constrained VBR) in WebM, cues at the front so a seek needs no extra request: the lightest
 *   file every current browser but Safari in Lockdown Mode plays.
 * - AAC-LC 160 kbps in MP4 (.m4a), `+faststart` (the index before the audio, so playback
 *   starts with the first bytes): plays everywhere, Lockdown Mode included, which refuses
 *   Opus, FLAC and WAV.
 */
import { createHash } from 'node:crypto';
import { runFfmpeg } from './ffmpeg.ts';

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

/**
 * Names the settings a rendition was made with (its format and the gain baked in): part of
 * its file name, so a change of either makes a new file and never reuses an old one.
 */
export function settingsKey(format: RenditionFormat, gainDb: number): string {
  return createHash('sha1')
    .update(`${format.id}\0${format.codecArgs.join(' ')}\0${gainDb.toFixed(1)}`)
    .digest('hex')
    .slice(0, 10);
}

/** Encodes `source` into `target` in `format`, with `gainDb` applied (no other processing). */
export async function encode(
  ffmpeg: string,
  source: string,
  target: string,
  format: RenditionFormat,
  gainDb: number,
  signal?: AbortSignal,
): Promise<void> {
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
      '-y',
      target,
    ],
    { signal },
  );
}
