/**
 * The content file behind the CMS's current page, read from its address
 * (`#/collections/<collection>/entries/<slug>`), so the history view knows which file to list.
 */
import type { StudioCmsConfig } from './cms-config.ts';

/** An entry's address in the editor: its collection and its slug. */
export const ENTRY_ROUTE = /^#\/collections\/([^/]+)\/entries\/([^?#]+)/;

/** The content-relative path of the file open in the editor, or null on any other page. */
export function entryPath(hash: string, config: Pick<StudioCmsConfig, 'collections'>): string | null {
  const match = ENTRY_ROUTE.exec(hash);
  if (!match) return null;
  const [, name = '', rawSlug = ''] = match;
  let slug: string;
  try {
    slug = decodeURIComponent(rawSlug);
  } catch {
    return null;
  }
  const collection = config.collections.find((entry) => entry.name === name);
  if (!collection) return null;
  // A slug is a file name (a folder and a file name where the collection has a path), never a
  // way out of its folder.
  const segments = slug.split('/');
  const allowed = 'path' in collection ? collection.path.split('/').length : 1;
  const unsafe = (segment: string) => segment === '' || segment.startsWith('.') || segment.includes('\\');
  if (segments.length > allowed || segments.some(unsafe)) return null;
  if ('files' in collection) return collection.files.find((file) => file.name === slug)?.file ?? null;
  return `${collection.folder}/${slug}.${collection.extension}`;
}
