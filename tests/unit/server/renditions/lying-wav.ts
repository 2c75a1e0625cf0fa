/**
 * A hostile master: a 2 MB WAV whose header claims far more than the file holds (a data chunk
 * of 0xFFFFFFF0 bytes) and whose real samples, at 4 a second, truly last almost 73 hours.
 * Encoded as it is, it writes gigabytes of Opus and AAC over many minutes.
 */
import { writeFileSync } from 'node:fs';
import { encodeWav } from '../../../../scripts/demo-media/wav.ts';

const SAMPLE_RATE = 4;
const SAMPLES = 1024 * 1024;
/** How long its samples last, in seconds (1,048,576 samples at 4 Hz: 72:49:04). */
export const LYING_WAV_SECONDS = SAMPLES / SAMPLE_RATE;

export function writeLyingWav(path: string): void {
  const samples = new Float32Array(SAMPLES).map((_, index) => Math.sin(index * 0.7) * 0.8);
  const wav = encodeWav(samples, undefined, { sampleRate: SAMPLE_RATE, channels: 1 });
  wav.writeUInt32LE(0xfffffff8, 4); // the RIFF chunk's size
  wav.writeUInt32LE(0xfffffff0, wav.indexOf('data') + 4); // the data chunk's size
  writeFileSync(path, wav);
}
