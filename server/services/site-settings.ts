/**
 * What the server needs from the artist's `content/site.json`: the streaming links the
 * auto-reply lists. Read once at start.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const STREAMING = new Set(['spotify', 'apple-music', 'deezer', 'youtube', 'soundcloud', 'bandcamp']);

const settingsSchema = z.object({
  socials: z.array(z.object({ icon: z.string(), label: z.string(), href: z.url() })),
});

/** The streaming links, in the artist's order. */
export function readStreamingLinks(file = 'content/site.json'): { label: string; href: string }[] {
  const settings = settingsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return settings.socials.filter((social) => STREAMING.has(social.icon)).map(({ label, href }) => ({ label, href }));
}
