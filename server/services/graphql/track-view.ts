/**
 * A track as the GraphQL API shows it: its tags, where its audio, cover and waveform are
 * served, and its renditions once they are made.
 */
import type { Track } from '../media/media-library.ts';
import type { Renditions, TrackRenditions } from '../renditions/renditions.ts';
import { audioUrl, coverUrl, renditionUrl } from '../media/track-urls.ts';

/** The fields of the schema's `Track` for one track and the state of its renditions. */
export function trackView(track: Track, made: TrackRenditions, mediaBaseUrl: string) {
  const sources = made.renditions.map((rendition) => ({
    url: renditionUrl(made.hash as string, rendition.file, mediaBaseUrl),
    mimeType: rendition.format.mimeType,
    bitrate: rendition.format.bitrate,
    bytes: rendition.bytes,
  }));
  // The url every browser plays: the AAC rendition once it exists, else the original file.
  const everywhere = sources.find((source) => source.mimeType.startsWith('audio/mp4'));
  return {
    title: track.title,
    file: track.file,
    artist: track.artist,
    album: track.album,
    url: everywhere?.url ?? audioUrl(track, mediaBaseUrl),
    duration: track.duration,
    trackNumber: track.trackNumber,
    coverUrl: coverUrl(track),
    mimeType: everywhere ? 'audio/mp4' : track.mimeType,
    sources,
    peaksUrl: made.peaks && made.hash ? renditionUrl(made.hash, made.peaks, mediaBaseUrl) : null,
    loudness: made.loudness && {
      integrated: made.loudness.integrated,
      truePeak: made.loudness.truePeak,
      gain: made.loudness.gain,
    },
  };
}

export type TrackView = ReturnType<typeof trackView>;

/**
 * Describes tracks, each view built once per track and state of its renditions: a Track never
 * changes (the library makes a new one when its file changes), nor does a state (the service
 * makes a new one), so a kept view never carries a stale URL.
 */
export function trackViews(renditions: Pick<Renditions, 'of'>, mediaBaseUrl: string): (track: Track) => TrackView {
  const views = new WeakMap<Track, { made: TrackRenditions; view: TrackView }>();
  return (track) => {
    const made = renditions.of(track);
    let kept = views.get(track);
    if (kept?.made !== made) {
      kept = { made, view: trackView(track, made, mediaBaseUrl) };
      views.set(track, kept);
    }
    return kept.view;
  };
}
