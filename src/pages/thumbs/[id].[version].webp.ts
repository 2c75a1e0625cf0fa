import type { APIRoute, GetStaticPaths } from 'astro';
import { renderThumbnail, videoThumbnails, type ThumbnailSource } from '../../data/video-thumbnails.ts';

/** One file per video, named by its id and their version (src/data/video-thumbnails.ts). */
export const getStaticPaths = (async () => {
  const { sources, version } = await videoThumbnails();
  return [...sources].map(([id, source]) => ({ params: { id, version }, props: { source } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ source: ThumbnailSource }> = async ({ props: { source } }) =>
  new Response(new Uint8Array(await renderThumbnail(source)), { headers: { 'Content-Type': 'image/webp' } });
