/**
 * The platform buttons of a release page: the release's own link on each platform, else the
 * artist's page there (from `content/site.json`), else no button. Pure, for the unit tests.
 */
import { RELEASE_PLATFORMS, type ReleasePlatform } from './content-schemas.ts';
import { SOCIAL_NAMES, type SocialIcon } from './social-icons.ts';

/** Each platform's display name and the artist profile (social icon) that stands in for it. */
export const PLATFORMS: Record<ReleasePlatform, { name: string; profile: SocialIcon | null }> = {
  spotify: { name: SOCIAL_NAMES.spotify, profile: 'spotify' },
  'apple-music': { name: SOCIAL_NAMES['apple-music'], profile: 'apple-music' },
  'youtube-music': { name: 'YouTube Music', profile: 'youtube' },
  deezer: { name: SOCIAL_NAMES.deezer, profile: 'deezer' },
  bandcamp: { name: SOCIAL_NAMES.bandcamp, profile: 'bandcamp' },
  soundcloud: { name: SOCIAL_NAMES.soundcloud, profile: 'soundcloud' },
  'amazon-music': { name: 'Amazon Music', profile: null },
  tidal: { name: 'Tidal', profile: null },
};

/** One button of a release page. */
export interface PlatformLink {
  platform: ReleasePlatform;
  name: string;
  href: string;
  /** The icon to draw, where the site has one. */
  icon: SocialIcon | null;
  /** True when the link is the artist's page, the release having none there. */
  isArtistPage: boolean;
}

/** The buttons in the platforms' fixed order. */
export function releasePlatformLinks(
  links: Partial<Record<ReleasePlatform, string>>,
  socials: readonly { icon: SocialIcon; href: string }[],
): PlatformLink[] {
  return RELEASE_PLATFORMS.flatMap((platform): PlatformLink[] => {
    const { name, profile } = PLATFORMS[platform];
    const own = links[platform];
    if (own) return [{ platform, name, href: own, icon: profile, isArtistPage: false }];
    const artist = profile ? socials.find((social) => social.icon === profile) : undefined;
    return artist ? [{ platform, name, href: artist.href, icon: profile, isArtistPage: true }] : [];
  });
}
