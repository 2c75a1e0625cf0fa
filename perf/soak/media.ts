/**
 * The music the soak serves: the generated demo set plus two long tracks (silence, a few MB),
 * long enough that a download is still running when a fault hits its file, and a playlist of
 * tracks whose covers claim to be a page or a script. Each scenario gets its own copy, since
 * the faults damage files.
 */
import { chmod, cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateDemoMedia } from '../../scripts/demo-media/generate.ts';
import { encodeId3 } from '../../scripts/demo-media/id3.ts';
import { SAMPLE_RATE } from '../../scripts/demo-media/synth.ts';
import { encodeWav } from '../../scripts/demo-media/wav.ts';

/** Short tracks keep the set quick to make; the ranges the load asks for fit in them. */
const DEMO_SECONDS = 2;
const LONG_SECONDS = 150;

/** The playlist and files of the long tracks (about 6.6 MB each). */
export const LONG_PLAYLIST = 'Singles';
export const LONG_TRACKS = ['90-Long A.wav', '91-Long B.wav'] as const;

/** Tracks whose embedded cover's tag claims a type its bytes are not (or are not an image). */
export const HOSTILE_COVER_PLAYLIST = 'Hostile covers';
const HOSTILE_COVERS: readonly { file: string; mimeType: string; data: () => Promise<Buffer> }[] = [
  { file: '01-Page.wav', mimeType: 'text/html', data: async () => Buffer.from('<script>alert(1)</script>') },
  { file: '02-Script.wav', mimeType: 'text/javascript', data: async () => Buffer.from('alert(document.domain)') },
  {
    file: '03-Picture typed as a page.wav',
    mimeType: 'text/html',
    data: () =>
      sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
  },
];

/** The cover URLs of those tracks: each must be a 404 or an image, never a page or a script. */
export const HOSTILE_COVER_PATHS = HOSTILE_COVERS.map(
  ({ file }) => `/media-covers/${encodeURIComponent(HOSTILE_COVER_PLAYLIST)}/${encodeURIComponent(file)}`,
);

/** Writes the soak's music into a new temporary folder and returns it. */
export async function makeMediaTemplate(root: string): Promise<string> {
  const dir = await mkdtemp(join(root, 'media-'));
  await generateDemoMedia(dir, DEMO_SECONDS);
  const silence = encodeWav(new Float32Array(SAMPLE_RATE * LONG_SECONDS));
  for (const file of LONG_TRACKS) await writeFile(join(dir, LONG_PLAYLIST, file), silence);
  await mkdir(join(dir, HOSTILE_COVER_PLAYLIST));
  const second = new Float32Array(SAMPLE_RATE);
  for (const { file, mimeType, data } of HOSTILE_COVERS) {
    const tag = encodeId3({
      title: file,
      artist: 'Hostile',
      album: 'Hostile',
      track: 1,
      cover: { mimeType, data: await data() },
    });
    await writeFile(join(dir, HOSTILE_COVER_PLAYLIST, file), encodeWav(second, tag));
  }
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
