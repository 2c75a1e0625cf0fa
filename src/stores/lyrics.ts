/**
 * The lyrics the player's panel shows: the index of the tracks that have lyrics (fetched once,
 * when the player first has a track, long after the first paint) and the current track's file
 * (fetched when the panel opens).
 */
import { atom } from 'nanostores';
import type { LyricsFile, LyricsIndex } from '../lib/lyrics-versions.ts';

/** null until the index is loaded. */
export const $lyricsIndex = atom<LyricsIndex | null>(null);

/** The file the panel asked for last, and how its fetch went. */
export const $trackLyrics = atom<{ url: string; status: 'loading' | 'ready' | 'failed'; lyrics?: LyricsFile } | null>(
  null,
);

let indexLoad: Promise<void> | null = null;

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${String(response.status)}`);
  return (await response.json()) as T;
}

/** Loads the index once; a failed fetch is tried again on the next call. */
export function loadLyricsIndex(url: string): Promise<void> {
  indexLoad ??= fetchJson<LyricsIndex>(url).then(
    (index) => $lyricsIndex.set(index),
    () => {
      indexLoad = null;
    },
  );
  return indexLoad;
}

/** Loads a track's lyrics, unless that file is already loaded or loading. */
export async function loadTrackLyrics(url: string): Promise<void> {
  const current = $trackLyrics.get();
  if (current?.url === url && current.status !== 'failed') return;
  $trackLyrics.set({ url, status: 'loading' });
  try {
    const lyrics = await fetchJson<LyricsFile>(url);
    if ($trackLyrics.get()?.url === url) $trackLyrics.set({ url, status: 'ready', lyrics });
  } catch {
    if ($trackLyrics.get()?.url === url) $trackLyrics.set({ url, status: 'failed' });
  }
}
