/**
 * A shared moment of a track: the link to the track's own page with a second in it
 * (`/en/music/ep/song?t=83`, `t=1m23s` also read), or to its release's page with the track
 * named (`?track=3&t=83`) when the track has no page; built in one place and read back safely,
 * whatever a hostile or mangled link carries. Pure, for the unit tests.
 */
import { CONTROL_CHARACTER } from './control-characters.ts';
import { findTrackByTitle } from './track-titles.ts';
import type { Lang } from './languages.ts';

/** The latest moment a link may name, in seconds (a day): anything beyond is no moment. */
export const MAX_MOMENT_SECONDS = 24 * 60 * 60;
/** The longest file name a link's `track` may give (the usual file-system limit). */
const MAX_FILE_NAME = 255;
/** The most tracks a playlist is expected to hold: a larger number is no track. */
const MAX_TRACK_NUMBER = 9999;

/** The query parameters of a shared moment. */
export const MOMENT_PARAMS = { track: 'track', time: 't' } as const;

/**
 * How a moment names its track: its number in the playlist (1 is the first) or its file's name,
 * from a link's query; or its title, from the track page the link opens.
 */
export type TrackRef = { number: number } | { file: string } | { title: string };

/** What a link asks the player to show: a track, a second in it, either or both. */
export interface SharedMoment {
  track: TrackRef | null;
  seconds: number | null;
}

const PLAIN_SECONDS = /^\d{1,6}$/;
const UNIT_SECONDS = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/;

/** Seconds from `83` or `1m23s` (`1h2m3s`, `2m`, `45s`); null for anything else or beyond a day. */
export function parseMoment(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || value === '') return null;
  let seconds: number;
  if (PLAIN_SECONDS.test(value)) {
    seconds = Number(value);
  } else {
    const parts = UNIT_SECONDS.exec(value);
    if (!parts) return null;
    const [, hours = '0', minutes = '0', secs = '0'] = parts;
    seconds = Number(hours) * 3600 + Number(minutes) * 60 + Number(secs);
  }
  return seconds <= MAX_MOMENT_SECONDS ? seconds : null;
}

/** A track named by number (`3`) or by file name (`03-Title.mp3`); null for anything unsafe. */
export function parseTrackRef(value: string | null | undefined): TrackRef | null {
  if (typeof value !== 'string' || value === '') return null;
  if (/^\d+$/.test(value)) {
    const number = Number(value);
    return number >= 1 && number <= MAX_TRACK_NUMBER ? { number } : null;
  }
  // A file name, never a path: no separators, no dot-only names, no control characters.
  if (value.length > MAX_FILE_NAME || /[/\\]/.test(value) || /^\.+$/.test(value) || CONTROL_CHARACTER.test(value)) {
    return null;
  }
  return { file: value };
}

/** The moment a page's query asks for (`location.search`); nothing for a query that names none. */
export function momentFromSearch(search: string): SharedMoment {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return { track: null, seconds: null };
  }
  return {
    track: parseTrackRef(params.get(MOMENT_PARAMS.track)),
    seconds: parseMoment(params.get(MOMENT_PARAMS.time)),
  };
}

/** The index of the track a link names among a playlist's tracks, or -1 when it has none such. */
export function findSharedTrack(tracks: readonly { file: string; title: string }[], ref: TrackRef): number {
  if ('number' in ref) return ref.number <= tracks.length ? ref.number - 1 : -1;
  if ('title' in ref) return findTrackByTitle(tracks, ref.title);
  return tracks.findIndex((track) => track.file === ref.file);
}

/** What a link to a moment is made of. */
export interface MomentLink {
  /** The site's origin, `https://example.com`. */
  origin: string;
  lang: Lang;
  /** The release's slug: its page's address. */
  release: string;
  /** The track's number in its playlist (1 for the first), and its page's slug when it has a page. */
  track: { number: number; slug?: string | undefined };
  /** The moment, in seconds (whole seconds are kept). */
  seconds: number;
}

/**
 * The one place a moment's link is built: the track's page with the second named
 * (`/{lang}/music/{release}/{track}?t=83`), else its release's page with the track's number
 * too (`/{lang}/music/{release}?track=3&t=83`). A moment at the start names no second.
 */
export function momentLink({ origin, lang, release, track, seconds }: MomentLink): string {
  const releasePath = `/${lang}/music/${encodeURIComponent(release)}`;
  const url = new URL(track.slug ? `${releasePath}/${encodeURIComponent(track.slug)}` : releasePath, origin);
  if (!track.slug) url.searchParams.set(MOMENT_PARAMS.track, String(track.number));
  const whole = Number.isFinite(seconds) ? Math.min(MAX_MOMENT_SECONDS, Math.max(0, Math.floor(seconds))) : 0;
  if (whole > 0) url.searchParams.set(MOMENT_PARAMS.time, String(whole));
  return url.href;
}
