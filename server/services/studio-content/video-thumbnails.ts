/**
 * Which videos of the studio's content still show the drawn stand-in, and their thumbnails
 * fetched from the video service for a save to commit. A video has a picture when it names its
 * own (`thumb`) or when `thumbs/<id>.jpg` is there; a fetch that fails leaves it without one.
 */
import { VIDEOS_FIELD } from '../../../src/lib/content-schemas.ts';
import { fetchedThumbnailPath, VIDEO_ID } from '../../../src/lib/video-thumbnails.ts';
import { fetchVideoThumbnail, type ThumbnailSource } from '../media/video-thumbnail.ts';
import type { StudioPerson } from '../studio/studio-person.ts';
import { contentFileExists, readContentFile } from './content-files.ts';
import { coverPath, SINGLE_FILES } from './content-paths.ts';

/** Where the studio fetches thumbnails from, and how long a save waits for one. */
export type VideoThumbnailOptions = Required<ThumbnailSource>;

/** A save waits this long for the service before it keeps the stand-in (publishing tries again). */
export const DEFAULT_SAVE_THUMBNAIL_TIMEOUT_MS = 8_000;

/** Who commits the thumbnails publishing fetches: no person asked for them. */
export const STUDIO_ITSELF: StudioPerson = { id: 0, name: 'Estúdio' };

/** A fetched thumbnail, ready to be written at its content-relative path. */
export interface FetchedThumbnail {
  id: string;
  path: string;
  bytes: Buffer;
}

/** What the fetches brought: the files to write, and the ids that still have no picture. */
export interface ThumbnailFetches {
  fetched: FetchedThumbnail[];
  failed: string[];
}

/** The videos of a videos.json's values, as far as they are a list of objects. */
function videosOf(data: unknown): { id?: unknown; thumb?: unknown }[] {
  const videos = (data as Record<string, unknown> | null)?.[VIDEOS_FIELD];
  return Array.isArray(videos) ? videos.filter((video): video is object => typeof video === 'object' && !!video) : [];
}

/** The ids of a videos.json's values, valid ones only. */
function videoIds(data: unknown): Set<string> {
  return new Set(
    videosOf(data)
      .map((video) => video.id)
      .filter((id): id is string => typeof id === 'string' && VIDEO_ID.test(id)),
  );
}

/** The ids of the videos, not in `skip`, with no picture of their own and none fetched yet. */
async function videosWithoutPicture(
  contentDir: string,
  data: unknown,
  skip: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const wanted = new Set<string>();
  for (const { id, thumb } of videosOf(data))
    if (typeof id === 'string' && VIDEO_ID.test(id) && !thumb && !skip.has(id)) wanted.add(id);
  const missing = await Promise.all(
    [...wanted].map(async (id) => !(await contentFileExists(contentDir, fetchedThumbnailPath(id)))),
  );
  return [...wanted].filter((_, index) => missing[index]);
}

/** Fetches every id's thumbnail at once; a failure is only reported (`onFailure`) and listed. */
async function fetchThumbnails(
  ids: readonly string[],
  source: VideoThumbnailOptions,
  onFailure: (id: string, reason: string) => void,
): Promise<ThumbnailFetches> {
  const results = await Promise.all(
    ids.map(async (id) => {
      try {
        return { id, path: fetchedThumbnailPath(id), bytes: await fetchVideoThumbnail(id, source) };
      } catch (error) {
        onFailure(id, error instanceof Error ? error.message : String(error));
        return id;
      }
    }),
  );
  return {
    fetched: results.filter((result): result is FetchedThumbnail => typeof result !== 'string'),
    failed: results.filter((result): result is string => typeof result === 'string'),
  };
}

/** A content file's JSON values; null when it is missing or not JSON. */
async function readJson(contentDir: string, path: string): Promise<unknown> {
  try {
    return JSON.parse((await readContentFile(contentDir, path))?.toString('utf8') ?? 'null');
  } catch {
    return null;
  }
}

/** The thumbnails of the videos a save of videos.json (`data`, its new values) adds without a picture. */
export async function thumbnailsOfNewVideos(
  contentDir: string,
  path: string,
  data: unknown,
  source: VideoThumbnailOptions,
  onFailure: (id: string, reason: string) => void,
): Promise<ThumbnailFetches> {
  const known = videoIds(await readJson(contentDir, path));
  return fetchThumbnails(await videosWithoutPicture(contentDir, data, known), source, onFailure);
}

/** The thumbnails of every video of videos.json still without a picture. */
export async function thumbnailsStillMissing(
  contentDir: string,
  source: VideoThumbnailOptions,
  onFailure: (id: string, reason: string) => void,
): Promise<ThumbnailFetches> {
  const data = await readJson(contentDir, SINGLE_FILES.videos);
  return fetchThumbnails(await videosWithoutPicture(contentDir, data), source, onFailure);
}

/**
 * The picture the site shows for a saved video, as it would build now: the artist's own
 * (`thumb`, relative to videos.json), else the fetched one; null when it shows the stand-in.
 */
export async function videoPicture(contentDir: string, id: string): Promise<Buffer | null> {
  const video = videosOf(await readJson(contentDir, SINGLE_FILES.videos)).find((one) => one.id === id);
  if (!video || !VIDEO_ID.test(id)) return null;
  const own = typeof video.thumb === 'string' && video.thumb ? coverPath(SINGLE_FILES.videos, video.thumb) : null;
  return readContentFile(contentDir, own ?? fetchedThumbnailPath(id));
}
