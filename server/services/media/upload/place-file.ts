/**
 * Puts a finished file into a folder of the library atomically and under a name of its own:
 * it is first written beside, under a dot name the library ignores, then linked to its final
 * name (a link, unlike a rename, never replaces a file that is there: a clash tries the next
 * suffix). A failure, a full disk among them, leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, link, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { withSuffix } from './safe-names.ts';

/** A file the library never lists, beside the one it becomes. */
export const INCOMING_PREFIX = '.incoming-';

/** Thrown when the disk has no room for the file: nothing was kept. */
export class DiskFull extends Error {
  constructor() {
    super('no space left on the device');
  }
}

const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Links `source` into `folder` as `name`, or `name (2)`, …; resolves to the name it got. */
export async function linkUnique(source: string, folder: string, name: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const candidate = withSuffix(name, attempt);
    try {
      await link(source, join(folder, candidate));
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 999) throw error;
    }
  }
}

/**
 * Puts `source` into `folder` as `name` (or a suffixed name on a clash) and resolves to the
 * name it got; `source` is left for the caller to remove (on one file system both are links
 * to the same data). Across file systems the file is copied beside first; when it does not
 * fit, DiskFull is thrown and the copy removed.
 */
export async function placeFile(source: string, folder: string, name: string): Promise<string> {
  const beside = join(folder, `${INCOMING_PREFIX}${randomBytes(8).toString('hex')}`);
  try {
    await link(source, beside).catch(async (error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await copyFile(source, beside);
    });
    return await linkUnique(beside, folder, name);
  } catch (error) {
    throw isDiskFull(error) ? new DiskFull() : error;
  } finally {
    await unlink(beside).catch(() => undefined);
  }
}
