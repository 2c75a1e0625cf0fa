/**
 * Masters for measuring and testing the renditions: the demo melody looped to any length, in
 * CD format (44.1 kHz, 16-bit stereo, as a mastered WAV is), at a chosen level, as WAV or
 * FLAC. The right channel is the left one a few milliseconds late, so the two differ as a real
 * stereo mix does and the encoders cannot fold them into one.
 */
import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { demoMelody, renderNotes, type Note } from './synth.ts';
import { encodeWav } from './wav.ts';

export const MASTER_SAMPLE_RATE = 44_100;
/** The demo melody lasts 16 beats at 120 bpm. */
const PHRASE_BEATS = 16;
const STEREO_DELAY_SECONDS = 0.012;

export interface MasterOptions {
  seconds: number;
  /**
   * Gain over the synthesiser's own level, in dB, before a soft limiter (tanh), as mastering
   * does: 0 gives about −20 LUFS with peaks near full scale; +12 a loud, dense master.
   */
  levelDb?: number;
  format?: 'wav' | 'flac';
  /** Varies the melody. */
  seed?: number;
}

/** The melody repeated, with its seed moving on every phrase, for `seconds`. */
function loopedMelody(seconds: number, seed: number): Note[] {
  const phrases = Math.ceil((seconds * 2) / PHRASE_BEATS);
  return Array.from({ length: phrases }, (_, phrase) =>
    demoMelody(seed + phrase).map((note) => ({ ...note, beat: note.beat + phrase * PHRASE_BEATS })),
  ).flat();
}

/** Interleaved stereo samples of a master. */
export function renderMaster({ seconds, levelDb = 0, seed = 1 }: MasterOptions): Float32Array {
  const mono = renderNotes(loopedMelody(seconds, seed), 120, seconds, MASTER_SAMPLE_RATE);
  const gain = 10 ** (levelDb / 20);
  const delay = Math.round(STEREO_DELAY_SECONDS * MASTER_SAMPLE_RATE);
  const stereo = new Float32Array(mono.length * 2);
  for (let i = 0; i < mono.length; i += 1) {
    const clip = (value: number) => Math.tanh(value * gain);
    stereo[i * 2] = clip(mono[i] ?? 0);
    stereo[i * 2 + 1] = clip(mono[i - delay] ?? 0);
  }
  return stereo;
}

/**
 * Writes a master to `path`. FLAC is encoded by Debian's ffmpeg (which the renditions need
 * anyway), at its default compression.
 */
export async function writeMaster(path: string, options: MasterOptions): Promise<void> {
  const wav = encodeWav(renderMaster(options), undefined, { sampleRate: MASTER_SAMPLE_RATE, channels: 2 });
  if ((options.format ?? 'wav') === 'wav') return writeFile(path, wav);
  const temporary = `${path}.source.wav`;
  await writeFile(temporary, wav);
  try {
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-i',
      temporary,
      '-c:a',
      'flac',
      '-f',
      'flac',
      '-y',
      path,
    ]);
  } finally {
    await rm(temporary, { force: true });
  }
}
