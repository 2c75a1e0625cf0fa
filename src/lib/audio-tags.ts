/**
 * What an audio file says about itself, read with music-metadata: its tags, with the file
 * name standing in for a missing title and track number. Shared by the server's media library
 * and the release pages' track lists read at build time (Node only: it reads files).
 */
import { parseFile, type IPicture } from 'music-metadata';
import { withoutControls } from './control-characters.ts';
import { imageTypeOf } from './image-type.ts';
import { trackFromFileName } from './track-order.ts';

export interface AudioTags {
  title: string;
  artist: string | null;
  album: string | null;
  trackNumber: number | null;
  /** Seconds. */
  duration: number;
  hasCover: boolean;
}

/** Longer titles, artists and albums are cut: a tag may hold megabytes of text. */
export const MAX_TAG_TEXT = 200;
/** No release has more tracks; a bigger number is a broken tag (and beyond a GraphQL Int). */
const MAX_TRACK_NUMBER = 9999;
/** No master is longer; a longer duration is a header that lies about the audio. */
const MAX_DURATION_SECONDS = 24 * 60 * 60;

/** A tag's text as it may be shown: no control characters, at most MAX_TAG_TEXT characters. */
function tagText(value: string | undefined): string | null {
  const text = withoutControls(value ?? '').trim();
  return Array.from(text).slice(0, MAX_TAG_TEXT).join('').trim() || null;
}

const trackNumber = (value: number | null | undefined) =>
  value != null && Number.isInteger(value) && value >= 0 && value <= MAX_TRACK_NUMBER ? value : null;

/**
 * The first embedded picture that really is an image, with the type its bytes show, never the
 * type its tag claims; null when there is none.
 */
export function servableCover(pictures: readonly IPicture[] | undefined): { type: string; data: Uint8Array } | null {
  for (const picture of pictures ?? []) {
    const type = imageTypeOf(picture.data);
    if (type) return { type, data: picture.data };
  }
  return null;
}

/** Reads the file at `path` (named `file` in its folder); throws when it holds no playable audio. */
export async function readAudioTags(path: string, file: string): Promise<AudioTags> {
  const { common, format } = await parseFile(path, { duration: true });
  // The parser is lenient: a file with no decodable audio comes back without a duration.
  if (!format.hasAudio || !format.duration || !Number.isFinite(format.duration)) {
    throw new Error('no playable audio found');
  }
  if (format.duration > MAX_DURATION_SECONDS) throw new Error('its header claims a duration of over a day');
  const fallback = trackFromFileName(file);
  return {
    title: tagText(common.title) ?? tagText(fallback.title) ?? '',
    artist: tagText(common.artist),
    album: tagText(common.album),
    trackNumber: trackNumber(common.track.no) ?? trackNumber(fallback.trackNumber),
    duration: format.duration,
    hasCover: servableCover(common.picture) !== null,
  };
}
