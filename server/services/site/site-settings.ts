/**
 * What the server needs from the artist's `content/site.json`: the names its mails sign with
 * and the streaming links the auto-reply lists. Read once at start, and validated by the very
 * schema the build uses (src/lib/content-schemas.ts), so the two can never disagree about the
 * file.
 */
import { readFileSync } from 'node:fs';
import { siteSchema } from '../../../src/lib/content-schemas.ts';
import { STREAMING_PLATFORMS } from '../../../src/lib/social-icons.ts';

/** The project's settings file, found from this module, whatever the working directory. */
export const SITE_SETTINGS_FILE = new URL('../../../content/site.json', import.meta.url);

const STREAMING = new Set<string>(STREAMING_PLATFORMS);

/** The settings file, read and validated. */
function readSiteSettings(file: URL | string) {
  return siteSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The streaming links, in the artist's order. */
export function readStreamingLinks(file: URL | string = SITE_SETTINGS_FILE): { label: string; href: string }[] {
  const settings = readSiteSettings(file);
  return settings.socials.filter((social) => STREAMING.has(social.icon)).map(({ label, href }) => ({ label, href }));
}

/** The artist's and the project's names, as the pages show them. */
export const { artist: ARTIST_NAME, project: PROJECT_NAME } = readSiteSettings(SITE_SETTINGS_FILE);
