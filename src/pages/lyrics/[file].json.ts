import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { lyricsFiles } from '../../data/track-texts.ts';

/** One file per track with lyrics, `/lyrics/<release>.<track>.<version>.json`: a changed text is a new URL. */
export const getStaticPaths = (async () =>
  (await lyricsFiles()).map(({ file, body }) => ({ params: { file }, props: { body } }))) satisfies GetStaticPaths;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

/** A track's lyrics and translations, which the player's lyrics panel fetches when it opens. */
export const GET: APIRoute<Props> = ({ props }) =>
  new Response(props.body, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
