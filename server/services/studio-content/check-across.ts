/**
 * The rules a save must keep across files, as the build applies them: a release's cover
 * exists, a track's file sits in the folder of a release that exists (and names that one), a
 * hero key presents one release, a video's own picture exists, the site keeps its two settings
 * files and at least one release and one poem, and an image a release or a video shows is not
 * deleted from under it.
 */
import type { Lang } from '../../../src/lib/languages.ts';
import { heroKeyClashList } from '../../../src/lib/hero-releases.ts';
import { releaseSchema, VIDEOS_FIELD } from '../../../src/lib/content-schemas.ts';
import type { Issue } from './check-file.ts';
import { listContentFolder, readContentFile, contentFileExists } from './content-files.ts';
import { contentPath, coverPath, DATA_FOLDERS, SINGLE_FILES, type ContentKind } from './content-paths.ts';
import { coverMissing, heroKeyTaken, imageInUse, MESSAGES, noSuchRelease, otherRelease } from './messages.ts';

/** A file a save writes (its values, for a data file) or deletes (null). */
export interface PlannedFile {
  kind: ContentKind;
  data: Record<string, unknown> | null;
  deleted: boolean;
}

interface Release {
  path: string;
  slug: string;
  heroKey?: string | undefined;
  cover?: string | undefined;
}

/** The videos' own pictures in videos.json's values, by the video's place in the list. */
function videoThumbs(data: Record<string, unknown> | null | undefined): [index: number, thumb: string][] {
  const videos = data?.[VIDEOS_FIELD];
  if (!Array.isArray(videos)) return [];
  return videos.flatMap((video: unknown, index) => {
    const thumb = (video as { thumb?: unknown } | null)?.thumb;
    return typeof thumb === 'string' ? [[index, thumb] as [number, string]] : [];
  });
}

/** videos.json's values after the save; null when it cannot be read. */
async function videosAfter(
  contentDir: string,
  planned: ReadonlyMap<string, PlannedFile>,
): Promise<Record<string, unknown> | null> {
  const plan = planned.get(SINGLE_FILES.videos);
  if (plan) return plan.data;
  try {
    return JSON.parse((await readContentFile(contentDir, SINGLE_FILES.videos))?.toString('utf8') ?? 'null') as Record<
      string,
      unknown
    > | null;
  } catch {
    return null;
  }
}

const slugOf = (path: string) => (path.split('/').pop() ?? '').replace(/\.[^.]+$/, '');

/** The folder's files of `kind` as they will be after the save. */
async function filesAfter(
  contentDir: string,
  kind: 'release' | 'poem',
  planned: ReadonlyMap<string, PlannedFile>,
  mediaFolder: string,
): Promise<string[]> {
  const folder = DATA_FOLDERS[kind];
  const onDisk = (await listContentFolder(contentDir, folder)).map((name) => `${folder}/${name}`);
  const all = new Set([...onDisk, ...planned.keys()]);
  return [...all].filter((path) => contentPath(path, mediaFolder)?.kind === kind && !planned.get(path)?.deleted);
}

/** Every release after the save (a file that is not a valid release is the build's to name, not this save's). */
async function releasesAfter(
  contentDir: string,
  planned: ReadonlyMap<string, PlannedFile>,
  mediaFolder: string,
): Promise<Release[]> {
  const releases: Release[] = [];
  for (const path of await filesAfter(contentDir, 'release', planned, mediaFolder)) {
    let data = planned.get(path)?.data;
    if (!data) {
      try {
        data = JSON.parse((await readContentFile(contentDir, path))?.toString('utf8') ?? 'null') as Record<
          string,
          unknown
        >;
      } catch {
        continue;
      }
    }
    const release = releaseSchema.safeParse(data).data;
    if (release) releases.push({ path, slug: slugOf(path), heroKey: release.heroKey, cover: release.cover });
  }
  return releases;
}

/** Where the save breaks a rule across files; none when it keeps them all. */
export async function acrossFileIssues(
  contentDir: string,
  planned: ReadonlyMap<string, PlannedFile>,
  mediaFolder: string,
  lang: Lang,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  const exists = async (path: string) => {
    const plan = planned.get(path);
    return plan ? !plan.deleted : contentFileExists(contentDir, path);
  };

  for (const [path, plan] of planned) {
    if (!plan.deleted) continue;
    if (plan.kind === 'site' || plan.kind === 'videos')
      issues.push({ file: path, field: '', message: MESSAGES.required[lang] });
    if (
      (plan.kind === 'release' || plan.kind === 'poem') &&
      (await filesAfter(contentDir, plan.kind, planned, mediaFolder)).length === 0
    )
      issues.push({ file: path, field: '', message: MESSAGES.lastOne[lang] });
  }

  const releases = await releasesAfter(contentDir, planned, mediaFolder);
  const clashes = heroKeyClashList(releases);
  for (const release of releases) {
    const plan = planned.get(release.path);
    if (!plan || plan.deleted) continue;
    if (release.cover) {
      const cover = coverPath(release.path, release.cover);
      if (!cover || !(await exists(cover)))
        issues.push({ file: release.path, field: 'cover', message: coverMissing(release.cover)[lang] });
    }
    const clash = clashes.find(({ slug, first }) => slug === release.slug || first === release.slug);
    if (clash) {
      const other = clash.slug === release.slug ? clash.first : clash.slug;
      issues.push({
        file: release.path,
        field: 'heroKey',
        message: heroKeyTaken(clash.heroKey, `${other}.json`)[lang],
      });
    }
  }

  for (const [path, plan] of planned) {
    if (plan.deleted || plan.kind !== 'track') continue;
    const folder = path.split('/')[1] ?? '';
    const named = plan.data?.['release'];
    if (typeof named === 'string' && named !== folder)
      issues.push({ file: path, field: 'release', message: otherRelease(named, folder)[lang] });
    else if (!(await exists(`${DATA_FOLDERS.release}/${folder}.json`)))
      issues.push({ file: path, field: 'release', message: noSuchRelease(folder)[lang] });
  }

  const videos = planned.get(SINGLE_FILES.videos);
  if (videos && !videos.deleted)
    for (const [index, thumb] of videoThumbs(videos.data)) {
      const image = coverPath(SINGLE_FILES.videos, thumb);
      if (!image || !(await exists(image)))
        issues.push({
          file: SINGLE_FILES.videos,
          field: `videos.${String(index)}.thumb`,
          message: coverMissing(thumb)[lang],
        });
    }

  const videoImages = new Set(
    videoThumbs(await videosAfter(contentDir, planned)).map(([, thumb]) => coverPath(SINGLE_FILES.videos, thumb)),
  );
  for (const [path, plan] of planned) {
    if (!plan.deleted || plan.kind !== 'image') continue;
    if (videoImages.has(path)) issues.push({ file: path, field: '', message: imageInUse(SINGLE_FILES.videos)[lang] });
    const user = releases.find((release) => release.cover && coverPath(release.path, release.cover) === path);
    if (user) issues.push({ file: path, field: '', message: imageInUse(`${user.slug}.json`)[lang] });
  }
  return issues;
}
