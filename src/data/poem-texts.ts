/** The poems' texts for `/poems.json` (src/pages/poems.json.ts), and the URL the pages ask for. */
import type { PoemTexts } from '../lib/poem-texts.ts';
import { contentVersion } from './content-version.ts';
import { getPoems } from './site.ts';

/** Every poem's text by its id, as the artist wrote it (its line breaks kept). */
export async function poemTexts(): Promise<PoemTexts> {
  return Object.fromEntries((await getPoems()).map((poem) => [poem.id, poem.body.trim()]));
}

/** Where the texts are served. */
export const POEM_TEXTS_PATH = '/poems.json';

/** The texts' URL, which changes with them. */
export async function poemTextsUrl(): Promise<string> {
  return `${POEM_TEXTS_PATH}?v=${contentVersion(JSON.stringify(await poemTexts()))}`;
}
