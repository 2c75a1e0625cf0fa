/**
 * The media library: `media/<playlist>/<files>`, one folder per playlist. Tags are read
 * with music-metadata (lib/audio-tags.ts: the file name stands in for a missing title and
 * track number); tracks are ordered as the artist ordered them in the studio (the folder's
 * order.json, see lib/playlist-order.ts), then by track number, then name (lib/track-order.ts). The
 * index lives in memory, is built at start and rebuilt when files are added, changed or
 * removed; an unchanged file is not parsed again. A broken file is logged and skipped, never fatal.
 */
import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO_TYPES, extensionOf, isAudioFile } from '../../../src/lib/audio-formats.ts';
import { readAudioTags, type AudioTags } from '../../../src/lib/audio-tags.ts';
import { applyOrder, readOrder } from '../../../src/lib/playlist-order.ts';
import { readTitles } from '../../../src/lib/track-names.ts';
import { compareTracks } from '../../../src/lib/track-order.ts';
import type { Log } from '../log.ts';

/** One playable track, as the API describes it: its tags, and what serving it needs. */
export interface Track extends AudioTags {
  playlist: string;
  /** The file's name inside the playlist folder. */
  file: string;
  mimeType: string;
  /** Bytes. */
  size: number;
  /** Changes whenever the file does: part of its URL, so caches can keep it for a year. */
  version: string;
}

export interface PlaylistSummary {
  name: string;
  trackCount: number;
}

export interface MediaLibrary {
  /** Every playlist folder with its number of playable tracks, by name. */
  playlists(): PlaylistSummary[];
  /** A playlist's tracks in order; an empty list for a name that is no playlist. */
  tracks(playlist: string): readonly Track[];
  /** One track by playlist and file name, or undefined. */
  track(playlist: string, file: string): Track | undefined;
  /** The absolute path of a track's file (only for tracks the index holds). */
  pathOf(track: Track): string;
  /**
   * Changes whenever the index does (a playlist or track added, removed or changed), and only
   * then: the GraphQL answers' ETags are made from it.
   */
  version(): string;
  /** Rebuilds the index now (the watcher calls it after changes on disk). */
  rescan(): Promise<void>;
  /** Calls `listener` after every rescan that changed the index; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  close(): void;
}

export interface MediaLibraryOptions {
  dir: string;
  log: Pick<Log, 'info' | 'warn'>;
  /** Rebuild the index when the folder changes (default true). */
  watch?: boolean;
  /** How long to wait for a burst of changes to settle, in ms. */
  debounceMs?: number;
}

/**
 * A digest of everything the API tells about the index (each track's version covers its file's
 * path, size and mtime): instances reading the same folder agree, so their ETags do.
 */
function versionOf(index: Map<string, Track[]>): string {
  const hash = createHash('sha1');
  for (const [name, tracks] of index) {
    hash.update(`${name}\0`);
    for (const track of tracks) hash.update(`${JSON.stringify(track)}\0`);
    hash.update('\n');
  }
  return hash.digest('base64url').slice(0, 16);
}

export async function openMediaLibrary(options: MediaLibraryOptions): Promise<MediaLibrary> {
  const { dir, log } = options;
  await mkdir(dir, { recursive: true });

  let index = new Map<string, Track[]>();
  let indexVersion = '';
  const listeners = new Set<() => void>();
  /** Parsed tracks by path, kept while the file's size and mtime are unchanged. */
  const parsed = new Map<string, { key: string; title: string | undefined; tags: AudioTags; track: Track }>();

  async function readTrack(playlist: string, file: string, title: string | undefined): Promise<Track | null> {
    const path = join(dir, playlist, file);
    // lstat: a link put in the file's place since the folder was listed is not a track.
    const info = await lstat(path);
    if (!info.isFile()) return null;
    const key = `${info.size}:${info.mtimeMs}`;
    // A new title makes a new track, as a new file does: a Track never changes once made.
    const cached = parsed.get(path);
    if (cached?.key === key && cached.title === title) return cached.track;
    const tags = cached?.key === key ? cached.tags : await readAudioTags(path, file);
    const track: Track = {
      playlist,
      file,
      ...tags,
      ...(title !== undefined && { title }),
      mimeType: AUDIO_TYPES[extensionOf(file)] ?? 'application/octet-stream',
      size: info.size,
      version: createHash('sha1').update(`${path}:${key}`).digest('base64url').slice(0, 10),
    };
    parsed.set(path, { key, title, tags, track });
    return track;
  }

  async function scanPlaylist(playlist: string): Promise<Track[]> {
    const files = (await readdir(join(dir, playlist), { withFileTypes: true }))
      .filter((entry) => entry.isFile() && isAudioFile(entry.name))
      .map((entry) => entry.name);
    const tracks: Track[] = [];
    const titles = await readTitles(join(dir, playlist));
    for (const file of files) {
      try {
        const track = await readTrack(playlist, file, titles.get(file));
        if (track) tracks.push(track);
      } catch (error) {
        log.warn({ playlist, file, reason: (error as Error).message }, 'skipped an unreadable audio file');
      }
    }
    return applyOrder(tracks.sort(compareTracks), await readOrder(join(dir, playlist)));
  }

  async function rescan(): Promise<void> {
    const folders = (await readdir(dir, { withFileTypes: true })).filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith('.'),
    );
    const next = new Map<string, Track[]>();
    for (const folder of folders) next.set(folder.name, await scanPlaylist(folder.name));
    const live = new Set([...next.values()].flat().map((track) => join(dir, track.playlist, track.file)));
    for (const path of parsed.keys()) if (!live.has(path)) parsed.delete(path);
    const previousVersion = indexVersion;
    index = next;
    indexVersion = versionOf(next);
    if (indexVersion !== previousVersion) for (const listener of listeners) listener();
    log.info({ playlists: [...next].map(([name, tracks]) => `${name} (${tracks.length})`) }, 'media library indexed');
  }

  await rescan();

  /** Scans run one after another; a failed scan leaves the previous index in place. */
  let scanning: Promise<void> = Promise.resolve();
  const queueScan = (): Promise<void> => {
    const next = scanning.then(rescan);
    scanning = next.catch((error: unknown) => log.warn({ reason: (error as Error).message }, 'media rescan failed'));
    return next;
  };

  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (options.watch ?? true) {
    watcher = watch(dir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queueScan(), options.debounceMs ?? 300);
    });
    watcher.on('error', (error) => log.warn({ reason: error.message }, 'media folder watch failed'));
  }

  return {
    playlists: () => [...index].map(([name, tracks]) => ({ name, trackCount: tracks.length })),
    tracks: (playlist) => index.get(playlist) ?? [],
    track: (playlist, file) => index.get(playlist)?.find((track) => track.file === file),
    pathOf: (track) => join(dir, track.playlist, track.file),
    version: () => indexVersion,
    rescan: queueScan,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
