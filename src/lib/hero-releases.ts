/**
 * Which release a hero key presents (its cover beside the text, a link to its page, the
 * playlist it plays): the release that names the key in its file (`heroKey`), one release per
 * key. No release names the singles key, whose playlist holds every single: it presents the
 * newest single, so a new single shows there as soon as its file is added. Also what the home
 * page's side panel sums up from the same files.
 */
import { isUpcoming } from './pre-release.ts';

interface ReleaseForKey {
  kind: string;
  released: string;
  releaseAt?: string | undefined;
  heroKey?: string | undefined;
}

/**
 * The release the key `keyId` presents at `now` (the build's time), or undefined. A single
 * still to come is not the newest one yet: the key plays the singles' playlist, not its music.
 */
export function releaseForHeroKey<T extends ReleaseForKey>(
  keyId: string,
  releases: readonly T[],
  now = Date.now(),
): T | undefined {
  const named = releases.find((release) => release.heroKey === keyId);
  if (named || keyId !== 'singles') return named;
  // `released` is YYYY-MM or YYYY-MM-DD: compared as text, later is newer.
  return releases
    .filter((release) => release.kind === 'Single' && !isUpcoming(release, now))
    .reduce<T | undefined>(
      (newest, release) => (!newest || release.released > newest.released ? release : newest),
      undefined,
    );
}

/** The name the hero gives a release: its short one where it has one (the album is TTMM). */
export function heroName(release: { title: string; shortTitle?: string | undefined }): string {
  return release.shortTitle ?? release.title;
}

/** What the home page's side panel sums up: the two EPs', the album's keys' releases, and the singles. */
export interface CatalogueSummary<T> {
  ep1: T | undefined;
  ep2: T | undefined;
  album: T | undefined;
  singles: number;
}

/** The side panel's facts, from the release files: a new single counts as soon as its file is added. */
export function catalogueSummary<T extends ReleaseForKey>(releases: readonly T[]): CatalogueSummary<T> {
  return {
    ep1: releaseForHeroKey('ep1', releases),
    ep2: releaseForHeroKey('ep2', releases),
    album: releaseForHeroKey('album', releases),
    singles: releases.filter((release) => release.kind === 'Single').length,
  };
}

/** What names a release's file and its hero key. */
interface ReleaseFileKey {
  slug: string;
  heroKey?: string | undefined;
}

/** A release naming a hero key an earlier one (by file name) already names. */
export interface HeroKeyClash {
  slug: string;
  heroKey: string;
  /** The release that has the key: the first by file name. */
  first: string;
}

/** Every release that names a hero key another release already has: a key presents one release. */
export function heroKeyClashList(releases: readonly ReleaseFileKey[]): HeroKeyClash[] {
  const named = new Map<string, string>();
  const clashes: HeroKeyClash[] = [];
  for (const { slug, heroKey } of [...releases].sort((a, b) => a.slug.localeCompare(b.slug))) {
    if (!heroKey) continue;
    const first = named.get(heroKey);
    if (first) clashes.push({ slug, heroKey, first });
    else named.set(heroKey, slug);
  }
  return clashes;
}

/** One line per hero key that more than one release names: a key presents one release. */
export function heroKeyClashes(releases: readonly ReleaseFileKey[]): string[] {
  return heroKeyClashList(releases).map(
    ({ slug, heroKey, first }) =>
      `content/releases/${slug}.json: heroKey: ${heroKey} is ${first}.json's too; a key presents one release`,
  );
}
