/**
 * The music the soak serves: the generated demo set plus two long tracks (silence, a few MB),
 * long enough that a download is still running when a fault hits its file. Each scenario gets
 * its own copy, since the faults damage files.
 */
import { chmod, cp, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDemoMedia } from '../../scripts/demo-media/generate.ts';
import { SAMPLE_RATE } from '../../scripts/demo-media/synth.ts';
import { encodeWav } from '../../scripts/demo-media/wav.ts';

/** Short tracks keep the set quick to make; the ranges the load asks for fit in them. */
const DEMO_SECONDS = 2;
const LONG_SECONDS = 150;

/** The playlist and files of the long tracks (about 6.6 MB each). */
export const LONG_PLAYLIST = 'Singles';
export const LONG_TRACKS = ['90-Long A.wav', '91-Long B.wav'] as const;

/** Writes the soak's music into a new temporary folder and returns it. */
export async function makeMediaTemplate(root: string): Promise<string> {
  const dir = await mkdtemp(join(root, 'media-'));
  await generateDemoMedia(dir, DEMO_SECONDS);
  const silence = encodeWav(new Float32Array(SAMPLE_RATE * LONG_SECONDS));
  for (const file of LONG_TRACKS) await writeFile(join(dir, LONG_PLAYLIST, file), silence);
  return dir;
}

/** A scenario's own copy of the music, readable by any user (a server may run as another). */
export async function copyMedia(template: string, root: string): Promise<string> {
  const dir = await mkdtemp(join(root, 'media-'));
  await cp(template, dir, { recursive: true });
  await chmod(dir, 0o755);
  return dir;
}

/** A URL path segment as the server's track URLs spell it. */
export const trackPath = (playlist: string, file: string) =>
  `/media/${encodeURIComponent(playlist)}/${encodeURIComponent(file)}`;

/** Deterministic pseudo-random bytes: a file with an audio name and no audio in it. */
export function garbage(bytes: number, seed = 7): Buffer {
  const buffer = Buffer.alloc(bytes);
  let state = seed;
  for (let index = 0; index < bytes; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    buffer[index] = state & 0xff;
  }
  return buffer;
}
