/**
 * A video's id from whatever the artist pastes: a watch, short, embed, live or youtu.be link
 * (with or without `https://`), or the bare id. Pure, so the studio's form and its tests share it.
 */
import { VIDEO_ID } from './video-thumbnails.ts';

/** The video service's hosts whose paths name a video (`www.`, `m.` and `music.` included). */
const SERVICE_HOST = /^(?:(?:www|m|music)\.)?youtube(?:-nocookie)?\.com$/;
const SHORT_HOST = /^(?:www\.)?youtu\.be$/;
/** Paths whose second segment is the id: /shorts/ID, /embed/ID, /live/ID, /v/ID. */
const ID_PATHS = new Set(['shorts', 'embed', 'live', 'v']);

function parsedUrl(text: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  return URL.canParse(withScheme) ? new URL(withScheme) : null;
}

function idInUrl(url: URL): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (SHORT_HOST.test(host)) return segments[0] ?? null;
  if (!SERVICE_HOST.test(host)) return null;
  if (segments[0] === 'watch') return url.searchParams.get('v');
  if (segments.length >= 2 && ID_PATHS.has(segments[0] ?? '')) return segments[1] ?? null;
  return null;
}

/** The 11-character video id in `text`, or null when it holds none. Never throws. */
export function videoIdFromLink(text: string): string | null {
  const trimmed = text.trim();
  if (VIDEO_ID.test(trimmed)) return trimmed;
  const url = parsedUrl(trimmed);
  const id = url ? idInUrl(url) : null;
  return id !== null && VIDEO_ID.test(id) ? id : null;
}
