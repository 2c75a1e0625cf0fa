/**
 * The titles the artist gave his tracks in the studio: `titles.json` in a playlist's folder,
 * file name → title. A title given there wins over the file's tags (and over its name, which
 * stands in for a missing tag), for the server's media library and the release pages alike.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTROL_CHARACTER } from './control-characters.ts';

/** The titles' file in a playlist folder (not audio, so never a track). */
export const TITLES_FILE = 'titles.json';

/** The longest title kept, as a release file's track titles (lib/content-schemas.ts). */
export const MAX_TRACK_TITLE = 200;

/**
 * A title as the artist may give one: spaces squeezed and trimmed, 1 to MAX_TRACK_TITLE
 * characters, no control or direction characters (they would disguise what visitors read);
 * null for anything else.
 */
export function cleanTitle(text: unknown): string | null {
  if (typeof text !== 'string' || CONTROL_CHARACTER.test(text)) return null;
  const title = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  return title.length > 0 && title.length <= MAX_TRACK_TITLE ? title : null;
}

/** A playlist folder's titles; what is not a usable title is left out, an unreadable file is none. */
export async function readTitles(folder: string): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  try {
    const value: unknown = JSON.parse(await readFile(join(folder, TITLES_FILE), 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return titles;
    for (const [file, title] of Object.entries(value)) {
      const clean = cleanTitle(title);
      if (clean) titles.set(file, clean);
    }
  } catch {
    // No titles given (or a broken file): the tags' titles stand.
  }
  return titles;
}
