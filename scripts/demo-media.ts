/**
 * `npm run demo-media`: fills the media folder with the generated demo set when it holds no
 * audio yet (a fresh clone). Never touches a folder that already has music.
 */
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isAudioFile } from '../src/lib/audio-formats.ts';
import { DEFAULT_MEDIA_DIR } from '../src/lib/constants.ts';
import { generateDemoMedia } from './demo-media/generate.ts';

const mediaDir = resolve(process.env['MEDIA_DIR'] ?? DEFAULT_MEDIA_DIR);

async function hasAudio(dir: string): Promise<boolean> {
  try {
    const entries = await readdir(dir, { recursive: true });
    return entries.some((entry) => isAudioFile(entry));
  } catch {
    return false;
  }
}

if (await hasAudio(mediaDir)) {
  console.log(`${mediaDir} already has music; the demo set is not needed.`);
} else {
  const files = await generateDemoMedia(mediaDir);
  console.log(`wrote ${files.length} demo tracks to ${mediaDir}`);
}
