/** The icons we draw ourselves (see `components/SocialIcon.astro`); a link names one of them. */
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
