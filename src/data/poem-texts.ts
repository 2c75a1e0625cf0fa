/** The poems' texts for `/poems.<version>.json` (src/pages/poems.[version].json.ts), and their URL. */
import type { PoemTexts } from '../lib/poem-texts.ts';
import { contentVersion, versionedPath } from './content-version.ts';
import { getPoems } from './site.ts';

/** Every poem's text by its id, as the artist wrote it (its line breaks kept). */
export async function poemTexts(): Promise<PoemTexts> {
  return Object.fromEntries((await getPoems()).map((poem) => [poem.id, poem.body.trim()]));
}

/** The file of the texts, as it is served. */
export async function poemTextsFile(): Promise<string> {
  return JSON.stringify(await poemTexts());
}

/** The texts' version, in their file name: it changes with them. */
export async function poemTextsVersion(): Promise<string> {
  return contentVersion(await poemTextsFile());
}

/** Where the texts are served (src/pages/poems.[version].json.ts). */
export async function poemTextsUrl(): Promise<string> {
  return versionedPath('poems', await poemTextsVersion(), 'json');
}
