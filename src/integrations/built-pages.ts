/** The HTML pages of a finished build, for the integrations that rewrite them. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Reads each HTML file of the build folder `dir`, and writes back what `rewrite` returns when it differs. */
export async function rewriteBuiltPages(dir: URL, rewrite: (html: string, file: string) => string): Promise<void> {
  const entries = await readdir(fileURLToPath(dir), { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    const rewritten = rewrite(html, file);
    if (rewritten !== html) await writeFile(file, rewritten);
  }
}
