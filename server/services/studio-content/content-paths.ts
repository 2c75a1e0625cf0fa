/**
 * Which files of the content folder the studio may touch, by their content-relative path: the
 * data files the build reads (site.json, videos.json, releases/<name>.json, a track's
 * releases/<release>/<name>.json, poems/<name>.md)
 * and the images of the media folder. Anything else, a `..`, an absolute path, a hidden file or
 * folder, a backslash or a name outside these few shapes, names no file at all.
 */
import { COVERS_FOLDER, ENTRY_NAME } from '../../../src/lib/content-schemas.ts';

/** What a content file is, which decides how it is checked. */
export type ContentKind = 'site' | 'videos' | 'release' | 'track' | 'poem' | 'image';

export interface ContentPath {
  kind: ContentKind;
  /** The path relative to the content folder, `/`-separated. */
  path: string;
}

/** The image formats the build takes as a cover, by extension. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** A safe image file name: no leading dot, no spaces, lowercase ASCII. */
const IMAGE_NAME = new RegExp(`^[a-z0-9][a-z0-9_-]*(?:\\.[a-z0-9_-]+)*\\.(?:${IMAGE_EXTENSIONS.join('|')})$`);
const MAX_NAME_LENGTH = 100;

/** Where uploaded images go: beside the releases, whose covers are `./covers/<name>.jpg`. */
export const DEFAULT_MEDIA_FOLDER = COVERS_FOLDER;

/** The folders of the content model, by kind. */
export const DATA_FOLDERS = { release: 'releases', poem: 'poems' } as const;
/** The extension of each folder's files. */
const DATA_EXTENSIONS = { release: 'json', poem: 'md' } as const;
/** The content folder's single files. */
export const SINGLE_FILES = { site: 'site.json', videos: 'videos.json' } as const;

/** True for a folder path made of plain, visible names (`releases/covers`). */
export function isPlainFolder(folder: string): boolean {
  return folder.split('/').every((segment) => /^[a-z0-9][a-z0-9_-]*$/.test(segment));
}

/** The kind and path of a content-relative path, or null when the studio may not touch it. */
export function contentPath(path: string, mediaFolder: string): ContentPath | null {
  if (path === SINGLE_FILES.site) return { kind: 'site', path };
  if (path === SINGLE_FILES.videos) return { kind: 'videos', path };
  const slash = path.lastIndexOf('/');
  const folder = path.slice(0, Math.max(slash, 0));
  const name = path.slice(slash + 1);
  if (name.length > MAX_NAME_LENGTH) return null;
  for (const kind of ['release', 'poem'] as const) {
    const extension = `.${DATA_EXTENSIONS[kind]}`;
    if (folder === DATA_FOLDERS[kind] && name.endsWith(extension) && ENTRY_NAME.test(name.slice(0, -extension.length)))
      return { kind, path };
  }
  if (folder === mediaFolder && IMAGE_NAME.test(name)) return { kind: 'image', path };
  if (isTrackFile(folder, name, mediaFolder)) return { kind: 'track', path };
  return null;
}

/** A track's lyrics and credits: `releases/<release>/<name>.json`, in a folder named like its release's file. */
function isTrackFile(folder: string, name: string, mediaFolder: string): boolean {
  const [top, release, ...deeper] = folder.split('/');
  return (
    top === DATA_FOLDERS.release &&
    release !== undefined &&
    ENTRY_NAME.test(release) &&
    deeper.length === 0 &&
    folder !== mediaFolder &&
    name.endsWith('.json') &&
    ENTRY_NAME.test(name.slice(0, -'.json'.length))
  );
}

/**
 * The kind of files the editor lists from a folder (`releases`, `poems`) with its files'
 * extension, to `depth` folders down: one for the releases' own files, two for their tracks'.
 */
export function listedFolder(folder: string, extension: string, depth = 1): 'release' | 'track' | 'poem' | null {
  const bare = extension.replace(/^\./, '');
  for (const kind of ['release', 'poem'] as const) {
    if (folder.replace(/\/$/, '') === DATA_FOLDERS[kind] && bare === DATA_EXTENSIONS[kind])
      return kind === 'release' && depth >= 2 ? 'track' : kind;
  }
  return null;
}

/**
 * A safe name for an uploaded image, from whatever the browser called it: accents dropped,
 * lowercase ASCII, anything else a hyphen, and the extension its content has.
 */
export function safeImageName(name: string, extension: string): string {
  const stem = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, MAX_NAME_LENGTH - 10);
  return `${stem || 'image'}.${extension}`;
}

/** The content-relative path a release's `cover` (relative to its file) points at, or null outside the folder. */
export function coverPath(releasePath: string, cover: string): string | null {
  const parts = releasePath.split('/').slice(0, -1);
  for (const segment of cover.split('/')) {
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}
