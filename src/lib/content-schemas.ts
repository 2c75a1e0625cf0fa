/**
 * The rules the artist's content files must follow. Plain zod, so the build
 * (`src/content.config.ts`) and the unit tests use the very same schemas.
 */
import { z } from 'astro/zod';
import { parseDayMonthYear } from './dates.ts';
import { SOCIAL_ICONS } from './social-icons.ts';

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });
const yearMonth = z.string().regex(/^\d{4}-\d{2}$/, 'must be YYYY-MM');
const playlistName = z.string().min(1).max(100);

const socialLink = z.object({
  icon: z.enum(SOCIAL_ICONS, { error: `must be one of ${SOCIAL_ICONS.join(', ')}` }),
  label: z.string().min(1),
  href: httpsUrl,
});

/** `content/site.json`: names, origin, links, playlist names, release facts, SEO defaults. */
export const siteSchema = z.object({
  artist: z.string().min(1),
  project: z.string().min(1),
  siteUrl: httpsUrl,
  socials: z.array(socialLink).min(1),
  playlists: z.object({
    default: playlistName,
    ep1: playlistName,
    ep2: playlistName,
    singles: playlistName,
    album: playlistName,
  }),
  releases: z.object({
    ep1: z.object({ title: z.string().min(1), released: yearMonth }),
    ep2: z.object({ title: z.string().min(1), released: yearMonth, tracks: z.number().int().positive() }),
    singles: z.object({ count: z.number().int().positive() }),
    album: z.object({ title: z.string().min(1) }),
  }),
  seo: z.object({
    image: z.string().startsWith('/', 'must be a path under public/, starting with /'),
    keywords: z.array(z.string().min(1)).min(1),
  }),
});

/** One entry of `content/videos.json` (the optional local `thumb` is added by the build). */
export const videoSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character video id'),
  title: z.string().min(1).max(200),
});

/** The frontmatter of a poem in `content/poems/`. */
export const poemSchema = z.object({
  title: z.string().min(1).max(200),
  date: z.string().refine((value) => parseDayMonthYear(value) !== null, 'must be a real date written DD/MM/YYYY'),
});
