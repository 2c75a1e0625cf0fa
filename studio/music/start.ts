/** The studio's music part. */
import type { StartSection } from '../section.ts';

export const start: StartSection = async (root, { texts }) => {
  const heading = document.createElement('h1');
  heading.textContent = texts.sections.music;
  root.replaceChildren(heading);
};
