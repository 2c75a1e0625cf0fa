/**
 * The platforms' icons as one SVG file of `<symbol>`s (served at ICON_SPRITE_PATH by
 * pages/icons.svg.ts) that every `SocialIcon` shows with `<use>`. The drawings come from the
 * simple-icons set (CC0), so a page loads no third-party image.
 *
 * A file rather than symbols in each page: drawn in the HTML they were its largest part after
 * the inlined CSS (3.5 KB of a home page's 17 KB brotli), and a page whose HTML fits the first
 * round trip (about 14.6 KB with its headers) paints a round trip sooner. The file is fetched
 * once and cached for every page. The icons' boxes have their size from the start, so nothing
 * shifts when the drawings arrive.
 */
import {
  siApplemusic,
  siBandcamp,
  siDeezer,
  siFacebook,
  siInstagram,
  siSoundcloud,
  siSpotify,
  siTiktok,
  siYoutube,
  type SimpleIcon,
} from 'simple-icons';
import { SOCIAL_ICONS, socialIconId, type SocialIcon } from '../lib/social-icons.ts';
import { contentVersion } from './content-version.ts';

const ICONS: Record<SocialIcon, SimpleIcon> = {
  spotify: siSpotify,
  'apple-music': siApplemusic,
  youtube: siYoutube,
  tiktok: siTiktok,
  deezer: siDeezer,
  soundcloud: siSoundcloud,
  bandcamp: siBandcamp,
  instagram: siInstagram,
  facebook: siFacebook,
};

/** Where the sprite is served (src/pages/icons.svg.ts). */
export const ICON_SPRITE_PATH = '/icons.svg';

/** The sprite file: one `<symbol>` per icon, each with the id `socialIconId` gives. */
export const iconSprite = `<svg xmlns="http://www.w3.org/2000/svg">${SOCIAL_ICONS.map(
  (name) => `<symbol id="${socialIconId(name)}" viewBox="0 0 24 24"><path d="${ICONS[name].path}"/></symbol>`,
).join('')}</svg>\n`;

/** The sprite's URL, which changes with its drawings. */
const ICON_SPRITE_URL = `${ICON_SPRITE_PATH}?v=${contentVersion(iconSprite)}`;

/** What a `<use href>` points at to show `name`. */
export function iconHref(name: SocialIcon): string {
  return `${ICON_SPRITE_URL}#${socialIconId(name)}`;
}
