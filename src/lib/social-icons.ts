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

/** Each platform's own name, as it writes it. */
export const SOCIAL_NAMES: Record<SocialIcon, string> = {
  spotify: 'Spotify',
  'apple-music': 'Apple Music',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  deezer: 'Deezer',
  soundcloud: 'SoundCloud',
  bandcamp: 'Bandcamp',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

/** The sites each platform's links live on; a link's host is one of them or a subdomain. */
export const SOCIAL_HOSTS: Record<SocialIcon, readonly string[]> = {
  spotify: ['spotify.com'],
  'apple-music': ['music.apple.com'],
  youtube: ['youtube.com', 'youtu.be'],
  tiktok: ['tiktok.com'],
  deezer: ['deezer.com'],
  soundcloud: ['soundcloud.com'],
  bandcamp: ['bandcamp.com'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com'],
};

/** Whether `hostname` belongs to the platform: its site, or a subdomain such as `www.` or `open.`. */
export function isPlatformHost(icon: SocialIcon, hostname: string): boolean {
  const host = hostname.toLowerCase();
  return SOCIAL_HOSTS[icon].some((site) => host === site || host.endsWith(`.${site}`));
}

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
