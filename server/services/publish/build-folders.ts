/**
 * BUILDS_DIR's layout: one folder per build (`20250101T120000Z-1a2b3c`), a symlink `current`
 * to the one served and `previous` to the one before it, for rollback. A link is replaced by
 * renaming a new one over it, so a reader sees the old target or the new, never neither.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/** The link to the build being served. */
export const CURRENT = 'current';
/** The link to the build served before it. */
export const PREVIOUS = 'previous';
/** A build's folder name: when it started (sortable), and a few random characters. */
const BUILD_NAME = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/;

/** A new, empty build folder; returns its name. */
export async function newBuildFolder(buildsDir: string, now = new Date()): Promise<string> {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const name = `${stamp}-${randomBytes(3).toString('hex')}`;
  await mkdir(join(buildsDir, name), { recursive: true });
  return name;
}

/** When the build in folder `dir` started (its name's stamp, to the second), or null for a folder no build made. */
export function buildStartedAt(dir: string): number | null {
  const stamp = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-[0-9a-f]{6}$/.exec(dir);
  if (!stamp) return null;
  const [, year, month, day, hour, minute, second] = stamp;
  return Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
}

/** The build folder a link names, or null when there is no such link. */
export async function linkTarget(buildsDir: string, link: string): Promise<string | null> {
  try {
    const target = await readlink(join(buildsDir, link));
    return BUILD_NAME.test(target) ? target : null;
  } catch {
    return null;
  }
}

/** Points `link` at the build folder `name` in one rename (the target is relative: the folder may be mounted elsewhere). */
export async function pointLink(buildsDir: string, link: string, name: string): Promise<void> {
  const temporary = join(buildsDir, `.${link}-${randomBytes(6).toString('hex')}`);
  await symlink(name, temporary);
  try {
    await rename(temporary, join(buildsDir, link));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Deletes every build folder but those named (the current and previous builds, the one being made). */
export async function deleteBuildsExcept(buildsDir: string, keep: readonly (string | null)[]): Promise<void> {
  for (const name of await readdir(buildsDir)) {
    if (BUILD_NAME.test(name) && !keep.includes(name))
      await rm(join(buildsDir, name), { recursive: true, force: true });
  }
}
