import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { releaseMomentsFile } from '../lib/withheld-music.ts';

/** The releases with a moment, whose music the server holds back until then (see lib/withheld-music.ts). */
export const GET: APIRoute = async () => {
  const releases = (await getCollection('releases')).flatMap(({ data }) =>
    data.releaseAt
      ? [
          {
            title: data.title,
            kind: data.kind,
            playlist: data.playlist,
            ...(data.tracks && { tracks: data.tracks.map((track) => track.title) }),
            releaseAt: data.releaseAt,
          },
        ]
      : [],
  );
  return new Response(releaseMomentsFile(releases), { headers: { 'Content-Type': 'application/json' } });
};
