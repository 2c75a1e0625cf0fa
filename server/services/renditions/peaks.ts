/**
 * Waveform peaks in the BBC's `waveform-data` JSON format (version 2, one channel, 8 bits):
 * the minimum and maximum sample of each bin, about 1,500 bins per track whatever its length,
 * which is enough for a progress bar as wide as a desktop screen and weighs a few kilobytes.
 * https://github.com/bbc/audiowaveform/blob/master/doc/DataFormat.md
 */

export interface WaveformData {
  version: 2;
  channels: 1;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8;
  length: number;
  /** min, max of bin 0, then of bin 1, …: values from −128 to 127. */
  data: number[];
}

/** How many bins a track's waveform aims at. */
export const TARGET_BINS = 1500;
/** Samples are first reduced in blocks of this many; bins are made of whole blocks. */
const BLOCK = 64;

/**
 * Collects the minimum and maximum of every block of 16-bit little-endian mono samples as
 * they stream out of ffmpeg (a 4-minute song is 21 MB of samples; only the blocks are kept).
 */
export class PeakCollector {
  private readonly minima: number[] = [];
  private readonly maxima: number[] = [];
  private blockMin = 0;
  private blockMax = 0;
  private inBlock = 0;
  private samples = 0;
  /** An odd byte left over from the previous chunk. */
  private carry: Buffer | null = null;

  add(chunk: Buffer): void {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const usable = bytes.length - (bytes.length % 2);
    this.carry = usable < bytes.length ? bytes.subarray(usable) : null;
    for (let offset = 0; offset < usable; offset += 2) {
      const sample = bytes.readInt16LE(offset);
      if (this.inBlock === 0 || sample < this.blockMin) this.blockMin = sample;
      if (this.inBlock === 0 || sample > this.blockMax) this.blockMax = sample;
      this.inBlock += 1;
      this.samples += 1;
      if (this.inBlock === BLOCK) this.closeBlock();
    }
  }

  private closeBlock(): void {
    if (this.inBlock === 0) return;
    this.minima.push(this.blockMin);
    this.maxima.push(this.blockMax);
    this.inBlock = 0;
  }

  /** The waveform of everything added, at `sampleRate` samples a second. */
  finish(sampleRate: number): WaveformData {
    this.closeBlock();
    const blocksPerBin = Math.max(1, Math.ceil(this.minima.length / TARGET_BINS));
    const data: number[] = [];
    for (let start = 0; start < this.minima.length; start += blocksPerBin) {
      const end = Math.min(start + blocksPerBin, this.minima.length);
      data.push(toEightBits(Math.min(...this.minima.slice(start, end))));
      data.push(toEightBits(Math.max(...this.maxima.slice(start, end))));
    }
    return {
      version: 2,
      channels: 1,
      sample_rate: sampleRate,
      samples_per_pixel: blocksPerBin * BLOCK,
      bits: 8,
      length: data.length / 2,
      data,
    };
  }

  /** How many samples were added. */
  get sampleCount(): number {
    return this.samples;
  }
}

/** A 16-bit sample scaled to 8 bits (−32768..32767 to −128..127). */
function toEightBits(sample: number): number {
  return Math.max(-128, Math.min(127, Math.round(sample / 256)));
}
