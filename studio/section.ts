/**
 * What the studio's shell gives each of its parts (the editor, music, messages, fans, numbers): the
 * element to draw in, the language, the signed-in person, and the shell's status line. Each part
 * is its own module, fetched only when the artist opens it.
 */
import type { StudioSection } from '../src/lib/studio-auth.ts';
import type { StudioLang, StudioTexts } from './texts.ts';

export interface SectionContext {
  lang: StudioLang;
  texts: StudioTexts;
  person: { name: string };
  /** Tells the person what happened on the shell's status line (read out by screen readers). */
  say: (text: string, kind?: 'info' | 'error') => void;
  /** What to tell about a failed call: the API's refusal in the studio's language, or no network. */
  explain: (error: unknown) => string;
}

/** Draws a part of the studio into `root`. */
export type StartSection = (root: HTMLElement, context: SectionContext) => Promise<void>;

/** Each part's module, loaded on demand. */
export const SECTION_MODULES: Record<StudioSection, () => Promise<{ start: StartSection }>> = {
  content: () => import('./editor/start.ts'),
  music: () => import('./music/start.ts'),
  messages: () => import('./messages/start.ts'),
  fans: () => import('./fans/start.ts'),
  numbers: () => import('./numbers/start.ts'),
};
