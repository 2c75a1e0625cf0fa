import type { APIRoute } from 'astro';
import { iconSprite } from '../data/icon-sprite.ts';

/** The platforms' icons, one `<symbol>` each (src/data/icon-sprite.ts). */
export const GET: APIRoute = () =>
  new Response(iconSprite, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
