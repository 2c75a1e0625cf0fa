import type { APIRoute, GetStaticPaths } from 'astro';
import { contentVersion } from '../data/content-version.ts';
import { lyricsIndexFile } from '../data/track-texts.ts';

/** One file, named by its version; none when no track has lyrics. */
export const getStaticPaths = (async () => {
  const body = await lyricsIndexFile();
  return body === '{}' ? [] : [{ params: { version: contentVersion(body) } }];
}) satisfies GetStaticPaths;

/** Which tracks have lyrics, by playlist and title (src/data/track-texts.ts): the player's lyrics button reads it. */
export const GET: APIRoute = async () =>
  new Response(await lyricsIndexFile(), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
