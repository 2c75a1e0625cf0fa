/**
 * A track's address segment, from its title as a listener reads it (`01-Ponto de Ônibus` →
 * `ponto-de-onibus`): the track pages (`/{lang}/music/{release}/{track}`) and the embeds
 * (`/embed/{release}/{track}`) use this one rule, so one title always has one address.
 */
import { titleKey } from './track-titles.ts';

/**
 * A track's slug from its title: lower case, no accents, hyphens between words
 * (`Gelo e Brasa` → `gelo-e-brasa`). Empty when the title has no Latin letter or digit.
 */
export function trackSlug(title: string): string {
  return titleKey(title)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * The slugs of a release's tracks, in their order: each from its title, its number where the
 * title gives none (`東京` → `2`), and `-2`, `-3`… after one already taken, so every track
 * has its own address and a track keeps it while the titles before it stay.
 */
export function trackSlugs(titles: readonly string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title, index) => {
    const base = trackSlug(title) || String(index + 1);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${String(n)}`;
    taken.add(slug);
    return slug;
  });
}
