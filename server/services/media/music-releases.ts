/**
 * The releases as the studio's music page needs them: which tracks each release's button
 * plays, read from `content/releases/` and the media library; and the two changes that decide
 * it, a track's title (kept in its folder's titles.json) and its folder.
 */
import { access, mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { releaseSchema, type Release } from '../../../src/lib/content-schemas.ts';
import type { ReleasePlays } from '../../../src/lib/studio-music.ts';
import { readTitles, TITLES_FILE } from '../../../src/lib/track-names.ts';
import { findTrackByTitle } from '../../../src/lib/track-titles.ts';
import type { MediaLibrary } from './media-library.ts';
import { writeAtomically } from '../renditions/cache-folder.ts';

/** A release's facts that link it to its tracks. */
export type ReleaseLink = Omit<ReleasePlays, 'plays' | 'found'>;

const RELEASE_FILE = /^([a-z0-9][a-z0-9-]*)\.json$/;

/** A release file that the build would take: its name (the release's address) and its data. */
export interface ReleaseFile {
  slug: string;
  release: Release;
}

/** The release files of `content/releases/`; a file the build would refuse is left out. */
export async function readReleaseFiles(contentDir: string): Promise<ReleaseFile[]> {
  const folder = join(contentDir, 'releases');
  const names = await readdir(folder).catch(() => [] as string[]);
  const files: ReleaseFile[] = [];
  for (const name of names) {
    const slug = RELEASE_FILE.exec(name)?.[1];
    if (!slug) continue;
    try {
      const parsed = releaseSchema.safeParse(JSON.parse(await readFile(join(folder, name), 'utf8')));
      if (parsed.success) files.push({ slug, release: parsed.data });
    } catch {
      // Not JSON: the studio's editor says so where the file is edited.
    }
  }
  return files;
}

/** The releases of `content/releases/`, by title. */
export async function readReleases(contentDir: string): Promise<ReleaseLink[]> {
  const files = await readReleaseFiles(contentDir);
  return files
    .map(({ slug, release: { title, kind, playlist } }) => ({ slug, title, kind, playlist }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/**
 * What each release's button plays, as the release page's button does it: an EP's or album's
 * whole playlist; a single's track of its title in the shared playlist, else its first track.
 */
export function releasePlays(releases: readonly ReleaseLink[], library: Pick<MediaLibrary, 'tracks'>): ReleasePlays[] {
  return releases.map((release) => {
    const files = library.tracks(release.playlist).map((track) => track.file);
    if (release.kind !== 'Single') return { ...release, plays: files, found: files.length > 0 };
    const own = findTrackByTitle(library.tracks(release.playlist), release.title);
    const first = own === -1 ? files[0] : files[own];
    return { ...release, plays: first === undefined ? [] : [first], found: own !== -1 };
  });
}

/** Gives `file` of `folder` its title (null: back to its tags'), written atomically. */
export async function writeTitle(folder: string, file: string, title: string | null): Promise<void> {
  const titles = await readTitles(folder);
  if (title === null) titles.delete(file);
  else titles.set(file, title);
  await writeAtomically(join(folder, TITLES_FILE), `${JSON.stringify(Object.fromEntries(titles), null, 2)}\n`);
}

/**
 * Moves a track's file from one playlist folder to another of the media folder, with the title
 * it was given; false when the target already has a file of that name (nothing is replaced).
 * The caller checks that `to` is a name a playlist folder may have (safe-names.ts).
 */
export async function moveTrack(mediaDir: string, from: string, file: string, to: string): Promise<boolean> {
  const source = join(mediaDir, from, file);
  const target = join(mediaDir, to, file);
  const taken = await access(target).then(
    () => true,
    () => false,
  );
  if (taken) return false;
  const title = (await readTitles(join(mediaDir, from))).get(file) ?? null;
  await mkdir(join(mediaDir, to), { recursive: true });
  await rename(source, target);
  if (title !== null) await writeTitle(join(mediaDir, to), file, title);
  await writeTitle(join(mediaDir, from), file, null);
  return true;
}
