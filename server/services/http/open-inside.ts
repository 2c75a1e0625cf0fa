/**
 * Opens a file to serve from a folder without ever following a symbolic link out of it: the
 * index may name a file that has since been replaced by a link (to /etc/passwd, say), and the
 * index only notices at its next scan. The last component is opened with O_NOFOLLOW; a folder
 * on the way replaced by a link is caught by comparing the opened file with what its real path
 * inside the folder holds.
 */
import { constants, type Stats } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { sep } from 'node:path';

export interface OpenedFile {
  handle: FileHandle;
  stats: Stats;
}

// O_NONBLOCK: a FIFO put in a file's place would otherwise hold a thread of the pool until
// someone writes to it. It changes nothing for regular files.
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

async function isInside(root: string, path: string, opened: Stats): Promise<boolean> {
  const [realRoot, real] = await Promise.all([realpath(root), realpath(path)]);
  if (!real.startsWith(realRoot + sep)) return false;
  const there = await stat(real);
  return there.dev === opened.dev && there.ino === opened.ino;
}

/** The regular file at `path`, which must lie inside `root`, opened for reading; null otherwise. */
export async function openInside(root: string, path: string): Promise<OpenedFile | null> {
  const handle = await open(path, FLAGS).catch(() => null);
  if (!handle) return null;
  try {
    const stats = await handle.stat();
    if (stats.isFile() && (await isInside(root, path, stats))) return { handle, stats };
  } catch {
    // Gone or unreadable meanwhile: nothing to serve.
  }
  await handle.close();
  return null;
}
