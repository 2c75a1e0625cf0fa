/**
 * Reading and writing the content folder's files by content-relative path, never through a
 * symbolic link: reads open the file without following one (`openInside`), and a write goes
 * only into folders that are real folders inside the content folder. A write is a temporary
 * file beside the target, renamed over it, so a reader (the build) sees the old file or the
 * new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { lstat, mkdir, readdir, realpath, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openInside } from '../http/open-inside.ts';

/** The bytes of a content file, or null when it is missing, not a regular file, or reached through a link. */
export async function readContentFile(contentDir: string, path: string): Promise<Buffer | null> {
  const opened = await openInside(contentDir, join(contentDir, path));
  if (!opened) return null;
  try {
    return await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
}

/** True when `path` names a regular file of the content folder (not a link). */
export async function contentFileExists(contentDir: string, path: string): Promise<boolean> {
  const stats = await lstat(join(contentDir, path)).catch(() => null);
  return stats?.isFile() ?? false;
}

/** The visible regular files directly in a content folder, sorted; none when it is missing or a link. */
export function listContentFolder(contentDir: string, folder: string): Promise<string[]> {
  return listVisible(contentDir, folder, (entry) => entry.isFile());
}

/** The visible real folders directly in a content folder, sorted; none when it is missing or a link. */
export function listContentSubfolders(contentDir: string, folder: string): Promise<string[]> {
  return listVisible(contentDir, folder, (entry) => entry.isDirectory());
}

async function listVisible(contentDir: string, folder: string, keep: (entry: Dirent) => boolean): Promise<string[]> {
  if (!(await isRealFolder(contentDir, folder))) return [];
  const entries: Dirent[] = await readdir(join(contentDir, folder), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => keep(entry) && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** True when every folder on the way to `folder` is a real folder (no link), the content folder itself included. */
async function isRealFolder(contentDir: string, folder: string): Promise<boolean> {
  let at = contentDir;
  for (const segment of ['', ...folder.split('/').filter(Boolean)]) {
    at = join(at, segment);
    const stats = await lstat(at).catch(() => null);
    if (!stats?.isDirectory()) return false;
  }
  return (await realpath(at)) === join(await realpath(contentDir), folder);
}

/** Creates the missing folders on the way to `folder`; throws when one on the way is a link or a file. */
async function ensureRealFolder(contentDir: string, folder: string): Promise<void> {
  let at = contentDir;
  for (const segment of folder.split('/').filter(Boolean)) {
    at = join(at, segment);
    await mkdir(at).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  }
  if (!(await isRealFolder(contentDir, folder))) throw new Error('a folder on the way is not a real folder');
}

const folderOf = (path: string) => path.split('/').slice(0, -1).join('/');

/** Writes a content file whole or not at all: a temporary file in the same folder, renamed over the target. */
export async function writeContentFile(contentDir: string, path: string, bytes: Uint8Array | string): Promise<void> {
  await ensureRealFolder(contentDir, folderOf(path));
  const target = join(contentDir, path);
  // Hidden, so no listing ever shows it; random, so two writers never share one.
  const temporary = join(contentDir, folderOf(path), `.${randomBytes(8).toString('hex')}.studio-tmp`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx', flush: true });
    // A rename replaces a link itself, never what it points at.
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Removes a content file (a link in its place is removed, never followed); false when there was none. */
export async function deleteContentFile(contentDir: string, path: string): Promise<boolean> {
  if (!(await isRealFolder(contentDir, folderOf(path)))) return false;
  return unlink(join(contentDir, path)).then(
    () => true,
    () => false,
  );
}
