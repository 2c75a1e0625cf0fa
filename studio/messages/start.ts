/** The studio's messages part. */
import type { StartSection } from '../section.ts';

export const start: StartSection = async (root, { texts }) => {
  const heading = document.createElement('h1');
  heading.textContent = texts.sections.messages;
  root.replaceChildren(heading);
};
