/**
 * A small keyboard-like synthesiser: each note is a few decaying harmonics, so the demo
 * tracks sound like an electric piano rather than a test tone.
 */

export const SAMPLE_RATE = 22_050;

/** One note: MIDI pitch, start and length in beats. */
export interface Note {
  pitch: number;
  beat: number;
  beats: number;
}

const HARMONICS = [
  [1, 1],
  [2, 0.45],
  [3, 0.2],
  [4, 0.12],
  [6, 0.05],
] as const;

const frequency = (pitch: number) => 440 * 2 ** ((pitch - 69) / 12);

/** Renders notes at a tempo into mono samples in [-1, 1], with a short fade at the end. */
export function renderNotes(
  notes: readonly Note[],
  bpm: number,
  seconds: number,
  sampleRate = SAMPLE_RATE,
): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  const secondsPerBeat = 60 / bpm;
  for (const note of notes) {
    const start = Math.round(note.beat * secondsPerBeat * sampleRate);
    const length = Math.min(Math.round((note.beats * secondsPerBeat + 0.6) * sampleRate), samples.length - start);
    const f = frequency(note.pitch);
    for (let i = 0; i < length; i += 1) {
      const t = i / sampleRate;
      const attack = Math.min(1, t / 0.005);
      const decay = Math.exp(-t * 2.2);
      let value = 0;
      for (const [harmonic, amplitude] of HARMONICS) {
        // Higher harmonics die away faster, as on a struck key.
        value += amplitude * Math.exp(-t * harmonic * 0.8) * Math.sin(2 * Math.PI * f * harmonic * t);
      }
      samples[start + i] = (samples[start + i] ?? 0) + 0.22 * attack * decay * value;
    }
  }
  const fade = Math.round(0.3 * sampleRate);
  for (let i = 0; i < fade; i += 1) {
    const index = samples.length - fade + i;
    samples[index] = (samples[index] ?? 0) * (1 - i / fade);
  }
  for (let i = 0; i < samples.length; i += 1) samples[i] = Math.max(-1, Math.min(1, samples[i] ?? 0));
  return samples;
}

/** A short melody over a chord, varied by a seed so every demo track differs. */
export function demoMelody(seed: number): Note[] {
  const scale = [0, 2, 4, 7, 9, 12, 14, 16] as const;
  const progression = [0, 5, 7, 3] as const;
  const root = 57 + (seed % 5) * 2;
  const notes: Note[] = [];
  for (let bar = 0; bar < 4; bar += 1) {
    const chordRoot = root + (progression[(bar + seed) % progression.length] ?? 0);
    for (const interval of [0, 4, 7]) notes.push({ pitch: chordRoot + interval - 12, beat: bar * 4, beats: 4 });
    for (let step = 0; step < 4; step += 1) {
      const degree = scale[(seed * 3 + bar * 2 + step * ((seed % 3) + 1)) % scale.length] ?? 0;
      notes.push({ pitch: root + degree, beat: bar * 4 + step, beats: 1 });
    }
  }
  return notes;
}
