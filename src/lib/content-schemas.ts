/**
 * The rules the artist's content files must follow. Plain zod (the very module `astro/zod`
 * re-exports), so the build (`src/content.config.ts`), the server and the unit tests use the
 * very same schemas.
 */
import { z } from 'zod';
import { parseDayMonthYear } from './dates.ts';
import { SOCIAL_ICONS } from './social-icons.ts';
import { VIDEO_ID } from './video-thumbnails.ts';

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
  id: z.string().regex(VIDEO_ID, 'must be an 11-character video id'),
  title: z.string().min(1).max(200),
});

/** The kinds of release, as the artist names them. */
export const RELEASE_KINDS = ['EP', 'Single', 'Album'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

/** The hero keys that can present a release: the ones that speak of the music. */
export const RELEASE_HERO_KEYS = ['ep1', 'ep2', 'singles', 'album', 'strange', 'suburban'] as const;

/** The platforms a release can link to, in the order its page shows them. */
export const RELEASE_PLATFORMS = [
  'spotify',
  'apple-music',
  'youtube-music',
  'deezer',
  'bandcamp',
  'soundcloud',
  'amazon-music',
  'tidal',
] as const;
export type ReleasePlatform = (typeof RELEASE_PLATFORMS)[number];

const translated = z.object({
  pt: z.string().min(1).max(600),
  en: z.string().min(1).max(600),
  es: z.string().min(1).max(600),
});

/**
 * One file of `content/releases/` (its name is the release's address, `/pt/music/<name>`).
 * The optional `cover` image is added by the build (`content.config.ts`).
 */
export const releaseSchema = z.strictObject({
  title: z.string().min(1).max(120),
  /** A short name where the title is long (the album is known as TTMM). */
  shortTitle: z.string().min(1).max(40).optional(),
  kind: z.enum(RELEASE_KINDS, { error: `must be one of ${RELEASE_KINDS.join(', ')}` }),
  released: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'must be YYYY-MM or YYYY-MM-DD'),
  playlist: playlistName,
  heroKey: z.enum(RELEASE_HERO_KEYS, { error: `must be one of ${RELEASE_HERO_KEYS.join(', ')}` }).optional(),
  links: z
    .partialRecord(z.enum(RELEASE_PLATFORMS, { error: `must be one of ${RELEASE_PLATFORMS.join(', ')}` }), httpsUrl)
    .default({}),
  description: translated,
  tracks: z
    .array(
      z.strictObject({
        title: z.string().min(1).max(200),
        duration: z
          .string()
          .regex(/^\d{1,2}:[0-5]\d$/, 'must be M:SS')
          .optional(),
      }),
    )
    .min(1)
    .optional(),
  /** How many tracks, where the titles are not listed yet. */
  trackCount: z.number().int().positive().optional(),
});

/** The frontmatter of a poem in `content/poems/`. */
export const poemSchema = z.object({
  title: z.string().min(1).max(200),
  date: z.string().refine((value) => parseDayMonthYear(value) !== null, 'must be a real date written DD/MM/YYYY'),
});
