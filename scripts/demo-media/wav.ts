/**
 * Writes 16-bit PCM WAV files, with an optional `id3 ` chunk: the way tagging tools store ID3
 * tags in WAV, and what music-metadata reads. WAV plays in Chromium and Safari alike.
 */
import { SAMPLE_RATE } from './synth.ts';

function chunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  // RIFF chunks are word-aligned.
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
}

export interface WavLayout {
  sampleRate: number;
  /** 1 (mono) or 2 (stereo, samples interleaved left, right). */
  channels: number;
}

/** A WAV file of the samples (in [-1, 1]), tagged with `id3` when given; mono by default. */
export function encodeWav(
  samples: Float32Array,
  id3?: Buffer,
  { sampleRate, channels }: WavLayout = { sampleRate: SAMPLE_RATE, channels: 1 },
): Buffer {
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(channels, 2);
  format.writeUInt32LE(sampleRate, 4);
  format.writeUInt32LE(sampleRate * channels * 2, 8); // bytes per second
  format.writeUInt16LE(channels * 2, 12); // block align
  format.writeUInt16LE(16, 14); // bits per sample
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => data.writeInt16LE(Math.round(sample * 32_767), index * 2));
  const chunks = [chunk('fmt ', format), chunk('data', data), ...(id3 ? [chunk('id3 ', id3)] : [])];
  const body = Buffer.concat([Buffer.from('WAVE', 'ascii'), ...chunks]);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from(Uint32Array.of(body.length).buffer), body]);
}
