/**
 * The scripts a part of the studio runs, read from the studio build's manifest: written into the
 * page of a signed-in artist as module preloads, they download with the page instead of after
 * the shell's own script has run (on a weak signal, a second saved on the editor).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STUDIO_ASSETS_PREFIX } from './studio-http.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk | undefined>;

/** Where Vite writes the manifest in the studio's build. */
const MANIFEST = join('.vite', 'manifest.json');

/** The chunk of `source` and every chunk it imports statically, in load order. */
function closure(manifest: Manifest, source: string, seen = new Set<string>()): string[] {
  const chunk = manifest[source];
  if (!chunk || seen.has(source)) return [];
  seen.add(source);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => closure(manifest, imported, seen))];
}

/**
 * The URLs of the scripts the module `source` (as the manifest names it: `editor/start.ts`)
 * loads, or none when the build has no manifest or no such module.
 */
export async function sectionPreloads(studioDir: string, source: string): Promise<string[]> {
  const text = await readFile(join(studioDir, MANIFEST), 'utf8').catch(() => null);
  if (!text) return [];
  const manifest = JSON.parse(text) as Manifest;
  return closure(manifest, source)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `${STUDIO_ASSETS_PREFIX}${file.replace(/^assets\//, '')}`);
}
