/**
 * The covers shown for a release without one of its own: the stand-in `npm run brand` drew for
 * it, else the logo. The site's pages and the announcements' mails both show them.
 */

/** The stand-in covers `npm run brand` draws, one per release, named like the release's file. */
export const DRAWN_COVERS_FOLDER = 'src/assets/covers/';
/** The logo at a cover's size, for a release added since `npm run brand` last ran. */
export const LOGO_COVER = 'src/assets/logo-cover.png';

/**
 * The stand-in of the release `slug`, as a path from the project's root: its drawn cover when
 * `drawn` (the names in DRAWN_COVERS_FOLDER) has one, else the logo.
 */
export function standInCover(slug: string, drawn: ReadonlySet<string>): string {
  return drawn.has(`${slug}.png`) ? `${DRAWN_COVERS_FOLDER}${slug}.png` : LOGO_COVER;
}
