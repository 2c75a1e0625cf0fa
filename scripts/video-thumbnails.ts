/**
 * `npm run thumbnails`: keeps, once, the video service's thumbnail of every video that has none
 * of its own as content/thumbs/<id>.jpg, so visitors' browsers ask the service for nothing until
 * they open a video. The studio does the same when it saves or publishes a video; run this after
 * adding a video to videos.json by hand, and commit the new file with the content. The fetch and
 * its checks are the server's (server/services/media/video-thumbnail.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fetchVideoThumbnail } from '../server/services/media/video-thumbnail.ts';
import { VIDEOS_FIELD } from '../src/lib/content-schemas.ts';
import {
  fetchedThumbnailName,
  SERVICE_THUMBNAIL_ORIGIN,
  THUMBS_FOLDER,
  VIDEO_ID,
} from '../src/lib/video-thumbnails.ts';

const { values: flags } = parseArgs({
  options: {
    // Where to fetch from (the tests use a local server).
    'base-url': { type: 'string', default: SERVICE_THUMBNAIL_ORIGIN },
    // The content folder; videos.json in it is only read.
    content: { type: 'string', default: 'content' },
  },
});
const baseUrl = flags['base-url'];
if (!/^https?:\/\//.test(baseUrl)) {
  console.error(`--base-url must be an http(s) URL: ${baseUrl}`);
  process.exit(2);
}
const contentDir = flags.content;
const thumbsDir = join(contentDir, THUMBS_FOLDER);

/** Fetches, checks and keeps one video's thumbnail; written whole or not at all. */
async function fetchThumbnail(id: string): Promise<string> {
  const jpeg = await fetchVideoThumbnail(id, { origin: baseUrl });
  const file = join(thumbsDir, fetchedThumbnailName(id));
  await mkdir(thumbsDir, { recursive: true });
  await writeFile(`${file}.part`, jpeg);
  await rename(`${file}.part`, file);
  return `fetched → ${file} (${String(Math.round(jpeg.byteLength / 1024))} KB)`;
}

const videosFile = JSON.parse(await readFile(join(contentDir, 'videos.json'), 'utf8')) as Record<
  string,
  unknown
> | null;
const videos = videosFile?.[VIDEOS_FIELD];
if (!Array.isArray(videos)) {
  console.error(`${join(contentDir, 'videos.json')} holds no list of videos in "${VIDEOS_FIELD}"`);
  process.exit(2);
}

const counts = { fetched: 0, kept: 0, failed: 0 };
for (const video of videos as { id?: unknown; thumb?: unknown }[]) {
  const id = typeof video.id === 'string' ? video.id : '';
  if (!VIDEO_ID.test(id)) {
    counts.failed += 1;
    console.log(`${JSON.stringify(video.id)}  FAILED: not a video id (11 letters, digits, - or _)`);
    continue;
  }
  if (video.thumb !== undefined) {
    counts.kept += 1;
    console.log(`${id}  has its own thumbnail (thumb)`);
  } else if (existsSync(join(thumbsDir, fetchedThumbnailName(id)))) {
    counts.kept += 1;
    console.log(`${id}  already there`);
  } else {
    try {
      console.log(`${id}  ${await fetchThumbnail(id)}`);
      counts.fetched += 1;
    } catch (error) {
      counts.failed += 1;
      console.log(`${id}  FAILED: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

console.log(
  `\n${String(counts.fetched)} fetched, ${String(counts.kept)} already had one, ${String(counts.failed)} failed.`,
);
if (counts.failed > 0) process.exitCode = 1;
