/**
 * The studio's editor, started by the studio shell once the artist has signed in. Decap CMS is
 * large: this module is fetched only when the editor is opened (see SECTION_MODULES), never by
 * a public page, and brings the CMS with it in one step rather than one round trip after another.
 */
import type { StartSection } from '../section.ts';
import { mountEditor } from './editor.tsx';

/** Shows the CMS in `root` for the signed-in person, in the studio's language. */
export const start: StartSection = (root, { person, lang }) => {
  mountEditor(root, person, lang);
  return Promise.resolve();
};
