/**
 * What the server needs from the artist's `content/site.json`: the streaming links the
 * auto-reply lists. Read once at start, and validated by the very schema the build uses
 * (src/lib/content-schemas.ts), so the two can never disagree about the file.
 */
import { readFileSync } from 'node:fs';
import { siteSchema } from '../../src/lib/content-schemas.ts';

/** The project's settings file, found from this module, whatever the working directory. */
export const SITE_SETTINGS_FILE = new URL('../../content/site.json', import.meta.url);

const STREAMING = new Set(['spotify', 'apple-music', 'deezer', 'youtube', 'soundcloud', 'bandcamp']);

/** The streaming links, in the artist's order. */
export function readStreamingLinks(file: URL | string = SITE_SETTINGS_FILE): { label: string; href: string }[] {
  const settings = siteSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return settings.socials.filter((social) => STREAMING.has(social.icon)).map(({ label, href }) => ({ label, href }));
}
