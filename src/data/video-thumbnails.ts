/**
 * The videos' thumbnails, all served by the site itself: the artist's own (`thumb` in
 * videos.json), else the one `npm run thumbnails` kept in content/thumbs/, else a stand-in drawn
 * here. Their URLs follow from the id and one version for them all, which keeps the island's
 * props (and the home page's HTML) small.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { videoStandInSvg } from '../../scripts/brand/video-stand-in.ts';
import { fetchedThumbnailPath, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../lib/video-thumbnails.ts';
import { contentVersion } from './content-version.ts';
import { imageFile } from './image-file.ts';
import { getVideos } from './site.ts';

/** How the served files are made; part of their version, so a change here is new URLs. */
const ENCODING = { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, fit: 'cover', webp: { quality: 75 } } as const;

/** What a video's thumbnail is made from: a kept image file, or the stand-in's drawing. */
export type ThumbnailSource = { file: string } | { standIn: string };

/** Each video's thumbnail source, by video id, in the artist's order. */
async function thumbnailSources(): Promise<Map<string, ThumbnailSource>> {
  const sources = new Map<string, ThumbnailSource>();
  for (const [index, video] of (await getVideos()).entries()) {
    const fetched = join('content', fetchedThumbnailPath(video.id));
    if (video.thumb) sources.set(video.id, { file: imageFile(video.thumb, `content/videos.json: ${video.id}: thumb`) });
    else if (existsSync(fetched)) sources.set(video.id, { file: fetched });
    else sources.set(video.id, { standIn: videoStandInSvg(video.title, index) });
  }
  return sources;
}

/** Every video's thumbnail source, and the version of them all (which changes with any of them). */
export async function videoThumbnails(): Promise<{ sources: Map<string, ThumbnailSource>; version: string }> {
  const sources = await thumbnailSources();
  const fingerprints = await Promise.all(
    [...sources].map(
      async ([id, source]) =>
        `${id} ${contentVersion('file' in source ? await readFile(source.file) : source.standIn)}`,
    ),
  );
  return { sources, version: contentVersion(JSON.stringify([ENCODING, fingerprints])) };
}

/** A served thumbnail: the source at the cards' size, as WebP. */
export function renderThumbnail(source: ThumbnailSource): Promise<Buffer> {
  const image = 'file' in source ? sharp(source.file).rotate() : sharp(Buffer.from(source.standIn));
  return image.resize(ENCODING.width, ENCODING.height, { fit: ENCODING.fit }).webp(ENCODING.webp).toBuffer();
}
