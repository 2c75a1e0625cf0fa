import type { APIRoute } from 'astro';
import { embedManifest } from '../data/embeds.ts';

/** The facts the server's oEmbed answers from, for the build it serves (see lib/embeds.ts). */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await embedManifest()), { headers: { 'Content-Type': 'application/json' } });
