import type { APIRoute, GetStaticPaths } from 'astro';
import { ICON_SPRITE_VERSION, iconSprite } from '../data/icon-sprite.ts';

/** One file, named by its version: a change to a drawing is a new URL. */
export const getStaticPaths = (() => [{ params: { version: ICON_SPRITE_VERSION } }]) satisfies GetStaticPaths;

/** The platforms' icons and the flags, one `<symbol>` each (src/data/icon-sprite.ts). */
export const GET: APIRoute = () =>
  new Response(iconSprite, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
