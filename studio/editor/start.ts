/**
 * The studio's editor, started by the studio shell once the artist has signed in. Decap CMS is
 * large, so it is fetched only here, never by a public page or before sign-in.
 */
import type { StartSection } from '../section.ts';

/** Shows the CMS in `root` for the signed-in person, in the studio's language. */
export const start: StartSection = async (root, { person, lang }) => {
  const { mountEditor } = await import('./editor.tsx');
  mountEditor(root, person, lang);
};
