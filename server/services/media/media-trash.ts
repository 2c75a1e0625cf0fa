/**
 * The studio's trash for tracks: a removed track moves (a rename, same file system) into
 * `MEDIA_DIR/.trash/<id>/`, a folder the library never lists, with a note of where it came
 * from and when. It can be put back into its playlist until it is older than TRASH_KEEP_MS;
 * then `purge` deletes it for good.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrashedTrack } from '../../../src/lib/studio-music.ts';
import { linkUnique } from './upload/place-file.ts';

/** The trash folder inside MEDIA_DIR (a dot name: never a playlist). */
export const TRASH_FOLDER = '.trash';
/** How long a removed track can be restored. */
export const TRASH_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const NOTE = 'removed.json';
const ID = /^[0-9a-f]{16}$/;

export interface MediaTrash {
  /** Moves `playlist/file` to the trash; resolves to its entry. */
  remove(playlist: string, file: string): Promise<TrashedTrack>;
  /** Everything in the trash, most recently removed first. */
  list(): Promise<TrashedTrack[]>;
  /** Puts an entry back into its playlist (made again if it is gone); resolves to the name it got, or null for an unknown id. */
  restore(id: string): Promise<{ playlist: string; file: string } | null>;
  /** Deletes what was removed longer than TRASH_KEEP_MS before `now`; resolves to how many. */
  purge(now?: number): Promise<number>;
}

export function mediaTrash(mediaDir: string): MediaTrash {
  const trash = join(mediaDir, TRASH_FOLDER);

  async function entry(id: string): Promise<TrashedTrack | null> {
    if (!ID.test(id)) return null;
    try {
      const note = JSON.parse(await readFile(join(trash, id, NOTE), 'utf8')) as Omit<TrashedTrack, 'id'>;
      return { id, playlist: note.playlist, file: note.file, removedAt: note.removedAt };
    } catch {
      return null;
    }
  }

  async function list(): Promise<TrashedTrack[]> {
    const names = await readdir(trash).catch(() => [] as string[]);
    const entries = await Promise.all(names.map(entry));
    return entries
      .filter((found): found is TrashedTrack => found !== null)
      .sort((a, b) => b.removedAt.localeCompare(a.removedAt));
  }

  return {
    async remove(playlist, file) {
      const id = randomBytes(8).toString('hex');
      const folder = join(trash, id);
      await mkdir(folder, { recursive: true });
      const removed: TrashedTrack = { id, playlist, file, removedAt: new Date().toISOString() };
      await writeFile(join(folder, NOTE), JSON.stringify(removed));
      try {
        await rename(join(mediaDir, playlist, file), join(folder, 'track'));
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
      return removed;
    },
    list,
    async restore(id) {
      const found = await entry(id);
      if (!found) return null;
      const folder = join(mediaDir, found.playlist);
      await mkdir(folder, { recursive: true });
      const file = await linkUnique(join(trash, id, 'track'), folder, found.file);
      await rm(join(trash, id), { recursive: true, force: true });
      return { playlist: found.playlist, file };
    },
    async purge(now = Date.now()) {
      let purged = 0;
      for (const found of await list()) {
        if (now - Date.parse(found.removedAt) <= TRASH_KEEP_MS) continue;
        await rm(join(trash, found.id), { recursive: true, force: true });
        purged += 1;
      }
      return purged;
    },
  };
}
