/**
 * The studio's editor, started by the studio shell once the artist has signed in. Decap CMS is
 * large, so it is fetched only here, never by a public page or before sign-in.
 */
import { langFromTag, type Lang } from '../../src/lib/languages.ts';

/** The studio's language: the browser's first, if it is one of the site's; else Portuguese. */
export function studioLanguage(tags: readonly string[] = navigator.languages): Lang {
  return langFromTag(tags[0]);
}

/** Shows the CMS in `root` for the signed-in `person`. */
export async function startEditor(root: HTMLElement, person: { name: string }): Promise<void> {
  const { mountEditor } = await import('./editor.tsx');
  mountEditor(root, person, studioLanguage());
}
