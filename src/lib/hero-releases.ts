/**
 * Which release a hero key presents (its cover beside the text, a link to its page): the
 * release that names the key in its file (`heroKey`). No release names the singles key, whose
 * playlist holds every single: it presents the newest single, so a new single shows there as
 * soon as its file is added.
 */

interface ReleaseForKey {
  kind: string;
  released: string;
  heroKey?: string | undefined;
}

/** The release the key `keyId` presents, or undefined. */
export function releaseForHeroKey<T extends ReleaseForKey>(keyId: string, releases: readonly T[]): T | undefined {
  const named = releases.find((release) => release.heroKey === keyId);
  if (named || keyId !== 'singles') return named;
  // `released` is YYYY-MM or YYYY-MM-DD: compared as text, later is newer.
  return releases
    .filter((release) => release.kind === 'Single')
    .reduce<T | undefined>(
      (newest, release) => (!newest || release.released > newest.released ? release : newest),
      undefined,
    );
}
