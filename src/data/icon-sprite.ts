/**
 * The platforms' icons (from simple-icons, CC0) and the language flags as one cached SVG file of
 * `<symbol>`s that every `SocialIcon` and `Flag` shows with `<use>`: out of the HTML, they let a
 * home page fit its first round trip, and no page loads a third-party image.
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
import { contentVersion, versionedPath } from './content-version.ts';

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

/** The flags the language links show. */
export type FlagCountry = 'br' | 'gb' | 'es';

/** Each flag drawn on a 60x40 grid. */
const FLAGS: Record<FlagCountry, string> = {
  br:
    '<rect width="60" height="40" fill="#009b3a"/><path d="M30 4 56 20 30 36 4 20Z" fill="#fedf00"/>' +
    '<circle cx="30" cy="20" r="8.5" fill="#002776"/>' +
    '<path d="M21.8 18.2q8.8-2.4 16.6 3.6" stroke="#fff" stroke-width="1.6" fill="none"/>',
  gb:
    '<rect width="60" height="40" fill="#012169"/>' +
    '<path d="M0 0 60 40M60 0 0 40" stroke="#fff" stroke-width="8"/>' +
    '<path d="M0 0 60 40M60 0 0 40" stroke="#c8102e" stroke-width="3"/>' +
    '<path d="M30 0v40M0 20h60" stroke="#fff" stroke-width="12"/>' +
    '<path d="M30 0v40M0 20h60" stroke="#c8102e" stroke-width="7"/>',
  es: '<rect width="60" height="40" fill="#aa151b"/><rect y="10" width="60" height="20" fill="#f1bf00"/>',
};

/** A `<symbol>` of the sprite: its id and its own box, which the `<svg>` showing it repeats. */
export interface SpriteSymbol {
  id: string;
  viewBox: string;
  /** 'none' stretches the drawing to the box it is shown in. */
  preserveAspectRatio?: 'none';
}

/** A platform's icon, on simple-icons' 24x24 grid. */
export const socialIconSymbol = (name: SocialIcon): SpriteSymbol => ({ id: socialIconId(name), viewBox: '0 0 24 24' });

/** A flag, stretched to the link's box, as flags are 3:2 or 2:1. */
export const flagSymbol = (country: FlagCountry): SpriteSymbol => ({
  id: `flag-${country}`,
  viewBox: '0 0 60 40',
  preserveAspectRatio: 'none',
});

function symbolElement({ id, viewBox, preserveAspectRatio }: SpriteSymbol, drawing: string): string {
  const aspect = preserveAspectRatio ? ` preserveAspectRatio="${preserveAspectRatio}"` : '';
  return `<symbol id="${id}" viewBox="${viewBox}"${aspect}>${drawing}</symbol>`;
}

/** Every drawing as a `<symbol>`: one per icon and per flag. */
export const iconSpriteSymbols = [
  ...SOCIAL_ICONS.map((name) => symbolElement(socialIconSymbol(name), `<path d="${ICONS[name].path}"/>`)),
  ...Object.entries(FLAGS).map(([country, drawing]) => symbolElement(flagSymbol(country as FlagCountry), drawing)),
].join('');

/** The sprite file. */
export const iconSprite = `<svg xmlns="http://www.w3.org/2000/svg">${iconSpriteSymbols}</svg>\n`;

/** The sprite's version, in its file name: it changes with its drawings. */
export const ICON_SPRITE_VERSION = contentVersion(iconSprite);

/** Where the sprite is served (src/pages/icons.[version].svg.ts). */
const ICON_SPRITE_URL = versionedPath('icons', ICON_SPRITE_VERSION, 'svg');

/**
 * What a `<use href>` points at to show the symbol `id`: the sprite file's, or the page's own
 * where the page draws the symbols in itself (a landing page, whose first screen is mostly these
 * icons and whose HTML fits the first round trip with them: the file would be found only once
 * the page is laid out, a round trip later).
 */
export function symbolHref(id: string, drawnInPage = false): string {
  return drawnInPage ? `#${id}` : `${ICON_SPRITE_URL}#${id}`;
}
