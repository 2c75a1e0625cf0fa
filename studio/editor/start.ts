/** A stand-in for the editor, so the studio builds on its own; the editor's part replaces it. */
import type { StudioSessionAnswer } from '../../src/lib/studio-auth.ts';

/** Shows the editor in `root` for the signed-in person. */
export function startEditor(root: HTMLElement, person: StudioSessionAnswer['person']): void {
  const heading = document.createElement('h1');
  heading.textContent = 'Editor';
  heading.dataset['person'] = person.name;
  root.replaceChildren(heading);
}
