/**
 * Names the studio gives to what the artist sends: a playlist folder and a track's file, made
 * from any text he typed or his file was called, so that none can leave its folder, hide
 * itself (a leading dot), drive a terminal or clash with a file that is already there.
 */
import { withoutControls } from '../../../../src/lib/control-characters.ts';
import { RENDITIONS_FOLDER } from '../track-urls.ts';

/** The longest name kept, in UTF-8 bytes: file systems allow 255, and a clash suffix needs room. */
const MAX_NAME_BYTES = 200;
/** Characters no file name on any common file system may hold. */
const FORBIDDEN = /[/\\:*?"<>|\0]/g;

/** `text` cut to at most `bytes` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, bytes: number): string {
  const encoder = new TextEncoder();
  let result = '';
  for (const char of text) {
    if (encoder.encode(result + char).length > bytes) break;
    result += char;
  }
  return result;
}

/**
 * A safe name made from `text`: its controls dropped, forbidden characters turned into
 * dashes, spaces and runs of dots squeezed, leading dots, dashes and spaces (a hidden file, a
 * command's option) and trailing dots and spaces removed; empty when nothing is left (the
 * caller refuses or picks a stand-in).
 */
export function safeName(text: string, maxBytes = MAX_NAME_BYTES): string {
  const cleaned = withoutControls(text.normalize('NFC'))
    .replace(FORBIDDEN, '-')
    .replace(/\s+/g, ' ')
    .replace(/\.{2,}/g, '.')
    .replace(/^[\s.-]+/, '')
    .replace(/[\s.]+$/, '');
  return cutToBytes(cleaned, maxBytes).replace(/[\s.]+$/, '');
}

/**
 * A playlist folder's name, or null when `text` leaves nothing usable or names the folder the
 * renditions are served from beside the playlists.
 */
export function playlistName(text: string): string | null {
  const name = safeName(text);
  return name === '' || name.toLowerCase() === RENDITIONS_FOLDER ? null : name;
}

/**
 * A track's file name from the name the artist's file had, with the extension its content
 * warrants (`extension`, dot included) whatever it was called.
 */
export function trackFileName(original: string, extension: string): string {
  const base = original.replace(/\.[^./\\]{1,8}$/, '');
  return `${safeName(base, MAX_NAME_BYTES - 24) || 'track'}${extension}`;
}

/** `name` with ` (2)`, ` (3)`, … before its extension, for the `attempt`th clash (1: the name itself). */
export function withSuffix(name: string, attempt: number): string {
  if (attempt <= 1) return name;
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `${base} (${attempt})${extension}`;
}

/** True when `name` is exactly what safeName keeps: a name a client may send back to point at a folder's entry. */
export const isSafeName = (name: string): boolean => name !== '' && safeName(name) === name;
