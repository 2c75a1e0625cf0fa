import type { APIRoute, GetStaticPaths } from 'astro';
import { poemTextsFile, poemTextsVersion } from '../data/poem-texts.ts';

/** One file, named by its version: a changed poem is a new URL. */
export const getStaticPaths = (async () => [
  { params: { version: await poemTextsVersion() } },
]) satisfies GetStaticPaths;

/** The poems' texts by poem id (src/data/poem-texts.ts), which the poem dialog shows. */
export const GET: APIRoute = async () =>
  new Response(await poemTextsFile(), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
