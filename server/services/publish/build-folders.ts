/**
 * BUILDS_DIR's layout: one folder per build (`20250101T120000.000Z-1a2b3c`), a symlink `current`
 * to the one served and `previous` to the one before it, for rollback; the builds replaced
 * lately stay for the pages still open on them. A link is replaced by renaming a new one over
 * it, so a reader sees the old target or the new, never neither.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The link to the build being served. */
export const CURRENT = 'current';
/** The link to the build served before it. */
export const PREVIOUS = 'previous';
/**
 * A build's folder name: when it started, to the millisecond (builds made before had the
 * second only), and a few random characters.
 */
const BUILD_NAME = /^\d{8}T\d{6}(?:\.\d{3})?Z-[0-9a-f]{6}$/;

/** A new, empty build folder; returns its name. */
export async function newBuildFolder(buildsDir: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[-:]/g, '');
  const name = `${stamp}-${randomBytes(3).toString('hex')}`;
  await mkdir(join(buildsDir, name), { recursive: true });
  return name;
}

/** When the build in folder `dir` started (its name's stamp), or null for a folder no build made. */
export function buildStartedAt(dir: string): number | null {
  const stamp = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d{3})?Z-[0-9a-f]{6}$/.exec(dir);
  if (!stamp) return null;
  const [, year, month, day, hour, minute, second, milliseconds = ''] = stamp;
  return Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${milliseconds}Z`);
}

/** The build folders among `names`, oldest first. */
function buildsInOrder(names: readonly string[]): string[] {
  const started = (name: string) => buildStartedAt(name) ?? 0;
  return names.filter((name) => BUILD_NAME.test(name)).sort((a, b) => started(a) - started(b) || a.localeCompare(b));
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

/** The most builds kept for the pages still open on them, besides the current and previous ones. */
export const MAX_RETAINED_BUILDS = 20;

/**
 * The build folders of `names` to keep: those `named` (the current and previous builds, the one
 * being made), and the builds replaced less than `retainMs` before `nowMs`, the newest
 * MAX_RETAINED_BUILDS of them, so that a page loaded from one still finds its hashed files. A
 * build was replaced about when the build after it started.
 */
export function buildsToKeep(
  names: readonly string[],
  named: readonly (string | null)[],
  nowMs: number,
  retainMs: number,
): Set<string> {
  const builds = buildsInOrder(names);
  const replacedRecently = builds.filter((_name, index) => {
    const next = builds[index + 1];
    // The newest folder is the one served or being made.
    if (next === undefined) return true;
    return nowMs - (buildStartedAt(next) ?? 0) < retainMs;
  });
  const keep = new Set(replacedRecently.slice(-MAX_RETAINED_BUILDS));
  for (const name of named) if (name !== null && builds.includes(name)) keep.add(name);
  return keep;
}

/** Deletes the build folders `buildsToKeep` does not keep. */
export async function pruneBuilds(
  buildsDir: string,
  named: readonly (string | null)[],
  retainMs: number,
): Promise<void> {
  const names = await readdir(buildsDir);
  const keep = buildsToKeep(names, named, Date.now(), retainMs);
  for (const name of names) {
    if (BUILD_NAME.test(name) && !keep.has(name)) await rm(join(buildsDir, name), { recursive: true, force: true });
  }
}

/**
 * The folders a page loaded from an earlier build may find its hashed files in, in the order to
 * try them: the build served before (after a rollback, the newer one), the older builds still
 * kept, newest first, then DIST_DIR. Never another build newer than the one served at
 * `currentDir`: that is one being made, perhaps half written.
 */
export async function earlierBuildDirs(buildsDir: string, distDir: string, currentDir: string): Promise<string[]> {
  const current = dirname(currentDir) === buildsDir ? basename(currentDir) : null;
  const currentStart = current === null ? null : buildStartedAt(current);
  const previous = await linkTarget(buildsDir, PREVIOUS);
  const older = buildsInOrder(await readdir(buildsDir).catch(() => []))
    .filter((name) => currentStart !== null && (buildStartedAt(name) ?? 0) < currentStart)
    .reverse();
  const names = [...new Set([...(previous ? [previous] : []), ...older])].filter((name) => name !== current);
  return [...names.map((name) => join(buildsDir, name)), ...(currentDir === distDir ? [] : [distDir])];
}
