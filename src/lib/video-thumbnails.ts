/**
 * The videos' thumbnails, which the site serves itself: the shape of a video id, where the
 * video service keeps a video's thumbnail (`npm run thumbnails` fetches it from there once),
 * the file it is kept in under content/thumbs/, and the size the cards show it at.
 */

/** A video service id: eleven letters, digits, `-` or `_`; nothing else reaches a URL or a file name. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** A video card's width at most, in CSS pixels (16rem, islands/carousel.css). */
export const CARD_WIDTH = 256;
/** The thumbnail's size in the site: nearly twice the card's width, for sharp screens (4:3). */
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 360;

/** Where the video service keeps its thumbnails. */
export const SERVICE_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

function checkedId(id: string): string {
  if (!VIDEO_ID.test(id)) throw new Error(`not a video id: ${JSON.stringify(id)}`);
  return id;
}

/** The video service's thumbnail of a video (480x360), under `base` (its origin, or a stand-in's). */
export function serviceThumbnailUrl(base: string, id: string): string {
  return `${base.replace(/\/+$/, '')}/vi/${checkedId(id)}/hqdefault.jpg`;
}

/** The folder of the content folder that holds the videos' thumbnails, fetched and the artist's own. */
export const THUMBS_FOLDER = 'thumbs';

/** The file, in content/thumbs/, that holds a video's fetched thumbnail: the id, then `.jpg`. */
export function fetchedThumbnailName(id: string): string {
  return `${checkedId(id)}.jpg`;
}

/** A video's fetched thumbnail, relative to the content folder (`thumbs/<id>.jpg`). */
export function fetchedThumbnailPath(id: string): string {
  return `${THUMBS_FOLDER}/${fetchedThumbnailName(id)}`;
}

/** Where the site serves a video's thumbnail (src/pages/thumbs/), `version` being theirs. */
export function thumbnailUrl(id: string, version: string): string {
  return `/thumbs/${checkedId(id)}.${version}.webp`;
}

/** Where the studio's editor asks for the picture a saved video shows (`?id=`): its session only. */
export const STUDIO_VIDEO_PICTURE_API = '/studio/api/video-picture';
