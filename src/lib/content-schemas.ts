/**
 * The rules the artist's content files must follow. Plain zod (the very module `astro/zod`
 * re-exports), so the build (`src/content.config.ts`), the server and the unit tests use the
 * very same schemas.
 */
import { z } from 'zod';
import { parseDayMonthYear } from './dates.ts';
import { LANGUAGES } from './languages.ts';
import { releaseInstant, RELEASE_MOMENT } from './pre-release.ts';
import { isPlatformHost, SOCIAL_HOSTS, SOCIAL_ICONS, type SocialIcon } from './social-icons.ts';
import { VIDEO_ID } from './video-thumbnails.ts';

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });
const playlistName = z.string().min(1).max(100);

/** The link's host is its platform's (a Facebook icon never leads to another site). */
const socialLink = z
  .object({
    icon: z.enum(SOCIAL_ICONS, { error: `must be one of ${SOCIAL_ICONS.join(', ')}` }),
    label: z.string().min(1),
    href: httpsUrl,
  })
  // A href that is no URL at all has its own issue already.
  .refine(({ icon, href }) => !URL.canParse(href) || isPlatformHost(icon, new URL(href).hostname), {
    path: ['href'],
    error: ({ input }) => {
      const { icon } = input as { icon: SocialIcon };
      return `must be a link to ${SOCIAL_HOSTS[icon].join(' or ')}`;
    },
  });

/**
 * `content/site.json`: what is about the site itself (names, origin, links, SEO defaults).
 * The releases' facts live in their own files; `defaultPlaylist` is the one the player offers
 * before a key is pressed, which is no release's.
 */
export const siteSchema = z.object({
  artist: z.string().min(1),
  project: z.string().min(1),
  siteUrl: httpsUrl,
  socials: z.array(socialLink).min(1),
  defaultPlaylist: playlistName,
  seo: z.object({
    image: z.string().startsWith('/', 'must be a path under public/, starting with /'),
  }),
});

/** An image path relative to the file that names it, as the build reads it (`example` shows one). */
const relativeImage = (example: string) =>
  z
    .string()
    .regex(/^\.{1,2}\/.+\.(jpe?g|png|webp)$/i, `must be a JPG, PNG or WebP path relative to the file, like ${example}`);

/**
 * One entry of `content/videos.json`. The build reads `thumb` as an image (`content.config.ts`);
 * here it is the path the file gives.
 */
export const videoSchema = z.object({
  id: z.string().regex(VIDEO_ID, 'must be an 11-character video id'),
  title: z.string().min(1).max(200),
  /** The artist's own picture for the video, relative to videos.json (`./thumbs/name.jpg`). */
  thumb: relativeImage('./thumbs/name.jpg').optional(),
});

/** The field of `content/videos.json` that lists the videos, in the order the site shows them. */
export const VIDEOS_FIELD = 'videos';

/**
 * `content/videos.json` as a whole: an object with one list, the shape a CMS's single-file
 * form edits (a bare top-level list is not one).
 */
export const videosFileSchema = z.object({ [VIDEOS_FIELD]: z.array(videoSchema) });

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

/** One role's names in a credits list (a studio counts as a name: "recorded at"). */
const creditNames = z.array(z.string().trim().min(1).max(200)).min(1).max(50);

/**
 * Who made a track, by role; any subset. A release's credits hold for all its tracks; a track's
 * own credits replace the release's for the roles they name (see `lib/track-texts.ts`).
 */
export const creditsSchema = z.strictObject({
  writtenBy: creditNames.optional(),
  performedBy: creditNames.optional(),
  producedBy: creditNames.optional(),
  mixedBy: creditNames.optional(),
  masteredBy: creditNames.optional(),
  recordedAt: creditNames.optional(),
});
export type Credits = z.infer<typeof creditsSchema>;

/** The credit roles, in the order the pages list them. */
export const CREDIT_ROLES = creditsSchema.keyof().options;
export type CreditRole = (typeof CREDIT_ROLES)[number];

/**
 * One file of `content/releases/` (its name is the release's address, `/pt/music/<name>`).
 * The build reads `cover` as an image (`content.config.ts`); here it is the path the file gives.
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
  /**
   * The exact moment it comes out, with its time zone's offset (`2026-12-05T00:00-03:00`).
   * Until then its page is the pre-release one; `released` still dates it in the listings.
   */
  releaseAt: z
    .string()
    .regex(RELEASE_MOMENT, 'must be a date and time with its offset, like 2026-12-05T00:00-03:00')
    .refine((value) => releaseInstant(value) !== null, 'must be a real date and time')
    .optional(),
  /** Before the release: the pre-save (pre-add) link on each platform, shown on the pre-release page. */
  preSave: z
    .partialRecord(z.enum(RELEASE_PLATFORMS, { error: `must be one of ${RELEASE_PLATFORMS.join(', ')}` }), httpsUrl)
    .default({}),
  /** Before the release: a teaser video's 11-character YouTube id, played on the pre-release page. */
  teaser: z.string().regex(VIDEO_ID, 'must be an 11-character video id').optional(),
  description: translated,
  /** The text of the hero key's panel that presents the release; without it, the description. */
  heroText: translated.optional(),
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
  /** The artist's cover: an image path relative to the file (`./covers/name.jpg`). */
  cover: relativeImage('./covers/name.jpg').optional(),
  /** Credits that hold for every track of the release. */
  credits: creditsSchema.optional(),
});

/** A release file's data, as the schema takes it. */
export type Release = z.infer<typeof releaseSchema>;

/** Where the covers the studio uploads go, inside `content/`: beside the releases, as `./covers/<name>`. */
export const COVERS_FOLDER = 'releases/covers';

/** The frontmatter of a poem in `content/poems/`. */
export const poemSchema = z.object({
  title: z.string().min(1).max(200),
  date: z.string().refine((value) => parseDayMonthYear(value) !== null, 'must be a real date written DD/MM/YYYY'),
});

/** The longest lyrics (or translation) a track file may hold, in characters. */
export const LYRICS_MAX_LENGTH = 20_000;

/** True for a well-formed BCP 47 language tag (`pt-BR`, `en`, `yo`, `zh-Hant`). */
export function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

const lyricsText = z.string().trim().min(1).max(LYRICS_MAX_LENGTH);

/**
 * The name of a release or poem file without its extension: it is the release's address
 * (`/pt/music/<name>`) and the poem's id, so lowercase ASCII words joined by hyphens, as
 * Decap's ASCII slugs are.
 */
export const ENTRY_NAME = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/**
 * A track's own file, beside its release's (`content/releases/<release>/<track>.json`): which
 * track it is (its title as the media library reads it), its lyrics in the language they are
 * sung in, their translations into the site's languages, and its credits.
 */
export const trackTextsSchema = z
  .strictObject({
    /**
     * The release's file name: the folder the file is in decides, and this must agree with it.
     * The studio writes it (it chooses the folder from it); a file written by hand may leave it out.
     */
    release: z.string().regex(ENTRY_NAME, 'must be the name of a release file, like cocktail-n1').optional(),
    track: z.string().trim().min(1).max(200),
    language: z.string().refine(isLanguageTag, 'must be a language tag, like pt-BR, en, es or yo').optional(),
    lyrics: lyricsText.optional(),
    translations: z
      .partialRecord(z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }), lyricsText)
      .optional(),
    credits: creditsSchema.optional(),
    /** A word for whoever edits the file (that it is a demo, say); the site never shows it. */
    note: z.string().max(500).optional(),
  })
  .refine((file) => file.lyrics === undefined || file.language !== undefined, {
    path: ['language'],
    error: 'must name the language the lyrics are sung in',
  })
  .refine((file) => file.translations === undefined || file.lyrics !== undefined, {
    path: ['lyrics'],
    error: 'a translation needs the lyrics it translates',
  });
export type TrackTexts = z.infer<typeof trackTextsSchema>;

/** The schema of each kind of file the artist edits (a poem's is its header's), by kind. */
export const CONTENT_FILE_SCHEMAS = {
  site: siteSchema,
  videos: videosFileSchema,
  release: releaseSchema,
  track: trackTextsSchema,
  poem: poemSchema,
} as const;
