/**
 * What the studio's editor does with the content folder, one save at a time: read entries and
 * images, and save (write, delete, restore) only after every file of the save and the rules
 * across files are checked, so a refused save writes nothing. Each save is a Git commit when
 * the folder is in a Git work tree.
 */
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import type { Lang } from '../../../src/lib/languages.ts';
import type { StudioPerson } from '../studio/studio-person.ts';
import { acrossFileIssues } from './check-across.ts';
import { commitMessage, type SavedFile } from './commit-message.ts';
import {
  deleteContentFile,
  listContentFolder,
  listContentSubfolders,
  readContentFile,
  writeContentFile,
} from './content-files.ts';
import { contentPath, DATA_FOLDERS, listedFolder } from './content-paths.ts';
import { authorOf, commitPaths, fileAtCommit, fileHistory, isGitWorkTree, type FileCommit } from './git.ts';
import { MESSAGES } from './messages.ts';
import type { Asset, DataFile } from './protocol.ts';
import { refusal, Refusal, savePlans, type Planned } from './save-plans.ts';
import {
  thumbnailsOfNewVideos,
  thumbnailsStillMissing,
  videoPicture,
  type ThumbnailFetches,
  type VideoThumbnailOptions,
} from './video-thumbnails.ts';

export { Refusal } from './save-plans.ts';

/** An entry as Decap reads it: the file's text and an id that changes with its content. */
export interface Entry {
  data: string | null;
  file: { path: string; label?: string; id: string | null };
}

/** A media file as Decap reads it. */
export interface MediaFile {
  id: string;
  content: string;
  encoding: 'base64';
  path: string;
  name: string;
}

/** What a save changed. */
export interface Saved {
  paths: string[];
  /** The commit that holds it; null without Git (or when nothing changed). */
  commit: string | null;
  /** The ids of the videos whose thumbnail could not be fetched: they keep the stand-in. */
  thumbnailsFailed?: string[];
}

export interface ContentStoreOptions {
  contentDir: string;
  /** The content-relative folder uploaded images go to. */
  mediaFolder: string;
  maxImageBytes: number;
  /** Where a new video's thumbnail is fetched from; none fetched without it. */
  videoThumbnails?: VideoThumbnailOptions | undefined;
  /** Told why a thumbnail could not be fetched (the save goes on without it). */
  onThumbnailFailure?: (id: string, reason: string) => void;
}

/** The saves waiting for each content folder: two stores of one folder still save one at a time. */
const queues = new Map<string, Promise<unknown>>();
const NO_FETCHES: ThumbnailFetches = { fetched: [], failed: [] };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type ContentStore = Awaited<ReturnType<typeof openContentStore>>;

/** The store of one content folder; finds out once whether it is in a Git work tree. */
export async function openContentStore(options: ContentStoreOptions) {
  const { mediaFolder, maxImageBytes } = options;
  const contentDir = await realpath(options.contentDir);
  const git = await isGitWorkTree(contentDir);
  const thumbnailFailure = (id: string, reason: string) => options.onThumbnailFailure?.(id, reason);

  const { classify, plannedData, plannedImage } = savePlans(mediaFolder, maxImageBytes);

  /** Runs saves one after another: two at once would interleave their checks and commits. */
  function serialized<T>(job: () => Promise<T>): Promise<T> {
    const run = (queues.get(contentDir) ?? Promise.resolve()).then(job, job);
    queues.set(
      contentDir,
      run.catch(() => undefined),
    );
    return run;
  }

  /** Saves `planned` with the fetched thumbnails, and names the videos left without one. */
  async function saveWithThumbnails(
    planned: Planned[],
    fetches: ThumbnailFetches,
    person: StudioPerson,
    lang: Lang,
  ): Promise<Saved> {
    const images = fetches.fetched.map(({ path, bytes }): Planned => ({
      path,
      kind: 'image',
      data: null,
      deleted: false,
      bytes,
    }));
    const saved = await save([...planned, ...images], person, lang);
    return fetches.failed.length > 0 ? { ...saved, thumbnailsFailed: fetches.failed } : saved;
  }

  /**
   * The thumbnails a save of videos.json brings: those of the videos it adds that have no
   * picture. A save refused across files asks the service nothing.
   */
  async function newVideoThumbnails(planned: Planned[], lang: Lang): Promise<ThumbnailFetches> {
    const videos = planned.find((plan) => plan.kind === 'videos' && !plan.deleted);
    const source = options.videoThumbnails;
    if (!videos || !source) return NO_FETCHES;
    await checkAcross(planned, lang);
    return thumbnailsOfNewVideos(contentDir, videos.path, videos.data, source, thumbnailFailure);
  }

  /** Refuses a save that breaks a rule across files. */
  async function checkAcross(planned: Planned[], lang: Lang): Promise<void> {
    const issues = await acrossFileIssues(
      contentDir,
      new Map(planned.map((plan) => [plan.path, plan])),
      mediaFolder,
      lang,
    );
    if (issues.length > 0) throw refusal(issues);
  }

  async function entry(path: string, label?: string): Promise<Entry> {
    const bytes = contentPath(path, mediaFolder) ? await readContentFile(contentDir, path) : null;
    const file = { path, ...(label === undefined ? {} : { label }) };
    return bytes
      ? { data: bytes.toString('utf8'), file: { ...file, id: sha256(bytes) } }
      : { data: null, file: { ...file, id: null } };
  }

  /** The data files of a folder the editor lists, by content-relative path. */
  async function folderFiles(folder: string): Promise<string[]> {
    return (await listContentFolder(contentDir, folder)).map((name) => `${folder}/${name}`);
  }

  /** Every track file, one folder down in the releases' folder (never the covers' folder). */
  async function trackFiles(): Promise<string[]> {
    const releases = DATA_FOLDERS.release;
    const folders = await listContentSubfolders(contentDir, releases);
    const paths = await Promise.all(folders.map((folder) => folderFiles(`${releases}/${folder}`)));
    return paths.flat().filter((path) => contentPath(path, mediaFolder)?.kind === 'track');
  }

  async function mediaFile(path: string, lang: Lang): Promise<MediaFile> {
    const found = classify(path, lang);
    const bytes = found.kind === 'image' ? await readContentFile(contentDir, path) : null;
    if (!bytes) throw new Refusal(404, MESSAGES.notFound[lang]);
    return {
      id: sha256(bytes),
      content: bytes.toString('base64'),
      encoding: 'base64',
      path,
      name: path.split('/').pop() ?? path,
    };
  }

  /** Checks the save across files, then writes, deletes and commits it. */
  async function save(planned: Planned[], person: StudioPerson, lang: Lang, detail?: string): Promise<Saved> {
    await checkAcross(planned, lang);
    const byPath = new Map(planned.map((plan) => [plan.path, plan]));
    const files: SavedFile[] = [];
    for (const plan of byPath.values()) {
      const existed = (await readContentFile(contentDir, plan.path)) !== null;
      if (plan.bytes === null) {
        if (await deleteContentFile(contentDir, plan.path)) files.push({ ...plan, change: 'deleted' });
      } else {
        await writeContentFile(contentDir, plan.path, plan.bytes);
        files.push({ ...plan, change: detail ? 'restored' : existed ? 'updated' : 'created' });
      }
    }
    const paths = files.map((file) => file.path);
    const commit =
      git && paths.length > 0
        ? await commitPaths(contentDir, paths, person, commitMessage(files, authorOf(person).name, detail))
        : null;
    return { paths, commit };
  }

  return {
    /** True when saves are commits. */
    git,

    async entriesByFolder(folder: string, extension: string, depth: number): Promise<Entry[]> {
      const kind = listedFolder(folder, extension, depth);
      if (!kind) return [];
      const paths = kind === 'track' ? await trackFiles() : await folderFiles(DATA_FOLDERS[kind]);
      const entries = await Promise.all(paths.map((path) => entry(path)));
      return entries.filter((found) => found.data !== null);
    },

    entriesByFiles: (files: { path: string; label?: string | undefined }[]): Promise<Entry[]> =>
      Promise.all(files.map((file) => entry(file.path, file.label))),

    getEntry: (path: string): Promise<Entry> => entry(path),

    async getMedia(folder: string): Promise<MediaFile[]> {
      if (folder.replace(/\/$/, '') !== mediaFolder) return [];
      const names = await listContentFolder(contentDir, mediaFolder);
      const paths = names.map((name) => `${mediaFolder}/${name}`).filter((path) => contentPath(path, mediaFolder));
      return Promise.all(paths.map((path) => mediaFile(path, 'en')));
    },

    getMediaFile: (path: string, lang: Lang): Promise<MediaFile> => mediaFile(path, lang),

    /** The picture the site shows for a saved video; null for the stand-in. */
    videoPicture: (id: string): Promise<Buffer | null> => videoPicture(contentDir, id),

    persistEntry: (dataFiles: DataFile[], assets: Asset[], person: StudioPerson, lang: Lang): Promise<Saved> =>
      serialized(async () => {
        const planned: Planned[] = [];
        for (const asset of assets) planned.push(await plannedImage(asset, lang, false));
        for (const file of dataFiles) {
          planned.push(await plannedData(file.newPath ?? file.path, file.raw, lang));
          if (file.newPath && file.newPath !== file.path) {
            const old = classify(file.path, lang);
            planned.push({ ...old, data: null, deleted: true, bytes: null });
          }
        }
        return saveWithThumbnails(planned, await newVideoThumbnails(planned, lang), person, lang);
      }),

    /** Fetches the thumbnail of every video still without a picture, and commits those it gets. */
    keepMissingThumbnails: (person: StudioPerson): Promise<Saved> =>
      serialized(async () => {
        const source = options.videoThumbnails;
        const fetches = source ? await thumbnailsStillMissing(contentDir, source, thumbnailFailure) : NO_FETCHES;
        return saveWithThumbnails([], fetches, person, 'pt');
      }),

    persistMedia: (asset: Asset, person: StudioPerson, lang: Lang): Promise<{ saved: Saved; file: MediaFile }> =>
      serialized(async () => {
        const plan = await plannedImage(asset, lang, true);
        const saved = await save([plan], person, lang);
        return { saved, file: await mediaFile(plan.path, lang) };
      }),

    deleteFiles: (paths: string[], person: StudioPerson, lang: Lang): Promise<Saved> =>
      serialized(async () => {
        const planned = paths.map((path): Planned => ({
          ...classify(path, lang),
          data: null,
          deleted: true,
          bytes: null,
        }));
        return save(planned, person, lang);
      }),

    async history(path: string, lang: Lang): Promise<FileCommit[]> {
      classify(path, lang);
      return git ? fileHistory(contentDir, path) : [];
    },

    restore: (path: string, commit: string, person: StudioPerson, lang: Lang): Promise<Saved> =>
      serialized(async () => {
        const { kind } = classify(path, lang);
        const known = git
          ? (await fileHistory(contentDir, path)).find((past) => past.commit.startsWith(commit))
          : undefined;
        const bytes = known ? await fileAtCommit(contentDir, path, known.commit) : null;
        if (!known || !bytes) throw new Refusal(404, MESSAGES.unknownCommit[lang]);
        const plan =
          kind === 'image'
            ? await plannedImage({ path, content: bytes.toString('base64'), encoding: 'base64' }, lang, false)
            : await plannedData(path, bytes.toString('utf8'), lang);
        return save([plan], person, lang, `versão ${known.commit.slice(0, 7)}`);
      }),
  };
}
