/**
 * A track's address segment, from its title as a listener reads it: `01-Ponto de Ônibus` →
 * `ponto-de-onibus`. The embeds (`/embed/{release}/{track}`) and the track pages use the same
 * rule, so one title always has one address.
 */
import { titleKey } from './track-titles.ts';

/** What a title with no letter or digit at all is called in an address. */
const NO_LETTERS = 'track';

/** The slug of one title: lower-case ASCII letters and digits joined by single dashes. */
export function trackSlug(title: string): string {
  const slug = titleKey(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || NO_LETTERS;
}

/**
 * The slugs of a release's tracks in order, unique within it: a second track whose title gives
 * the same slug gets `-2`, a third `-3`, so every track keeps an address of its own.
 */
export function trackSlugs(titles: readonly string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = trackSlug(title);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}
