import type { APIRoute } from 'astro';
import { poemTexts } from '../data/poem-texts.ts';

/** The poems' texts by poem id (src/data/poem-texts.ts), which the poem dialog shows. */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await poemTexts()), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
