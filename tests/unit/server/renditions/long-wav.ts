/**
 * A hostile master: a WAV of 576 KB whose samples, at 4 a second, truly last 20 hours. Its
 * header tells the truth (the library refuses a file whose header claims more than a day, so a
 * header that lies about its size never reaches the renditions); what makes it hostile is what
 * encoding it costs: resampled to 48 kHz, it writes gigabytes of Opus and AAC over many minutes,
 * while measuring it (at its own rate) takes a fraction of a second.
 */
import { writeFileSync } from 'node:fs';
import { encodeWav } from '../../../../scripts/demo-media/wav.ts';

const SAMPLE_RATE = 4;
/** How long its samples last, in seconds. */
export const LONG_WAV_SECONDS = 20 * 3600;

export function writeLongWav(path: string): void {
  const samples = new Float32Array(LONG_WAV_SECONDS * SAMPLE_RATE).map((_, index) => Math.sin(index * 0.7) * 0.8);
  writeFileSync(path, encodeWav(samples, undefined, { sampleRate: SAMPLE_RATE, channels: 1 }));
}
