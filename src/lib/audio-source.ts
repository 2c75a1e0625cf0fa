/**
 * Which file of a track the player plays: the first of its renditions the browser says it can
 * play (the API lists them lightest first: Opus, then AAC), else the track's `url` (the AAC
 * once it exists, else the original file). Safari in Lockdown Mode refuses Opus, and then gets
 * the AAC.
 */

/** A file of a track's audio in one format. */
export interface AudioSource {
  url: string;
  /** With its codec, as `canPlayType` wants it: `audio/webm; codecs="opus"`. */
  mimeType: string;
}

/** `canPlayType` of an `<audio>` element: '', 'maybe' or 'probably'. */
export type CanPlay = (mimeType: string) => string;

export function pickSource(
  track: { url: string; sources?: readonly AudioSource[] | undefined },
  canPlay: CanPlay,
): string {
  return track.sources?.find((source) => canPlay(source.mimeType) !== '')?.url ?? track.url;
}
