/** The icons we draw ourselves (see `data/icon-sprite.ts`); a link names one of them. */
export const SOCIAL_ICONS = [
  'spotify',
  'apple-music',
  'youtube',
  'tiktok',
  'deezer',
  'soundcloud',
  'bandcamp',
  'instagram',
  'facebook',
] as const;
export type SocialIcon = (typeof SOCIAL_ICONS)[number];

/**
 * Where the music streams: the links the auto-reply lists, and those the landing page offers
 * (Spotify there as its big button).
 */
export const STREAMING_PLATFORMS: readonly SocialIcon[] = [
  'spotify',
  'apple-music',
  'youtube',
  'deezer',
  'soundcloud',
  'bandcamp',
];

/** The id of an icon's `<symbol>` in the icon sprite (data/icon-sprite.ts). */
export function socialIconId(name: SocialIcon): string {
  return `icon-${name}`;
}
