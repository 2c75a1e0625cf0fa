/**
 * Bundles a test-only page that starts the studio editor the way the studio shell does once
 * the artist has signed in, and measures what it loads: the page's own script, then Decap.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ENTRY = new URL('./harness.ts', import.meta.url).pathname;

/** JavaScript bytes, gzipped: the page's first load and what signing in adds. */
export interface HarnessBytes {
  firstLoad: number;
  afterSignIn: number;
}

async function gzipBytes(folder: string, files: readonly string[]): Promise<number> {
  const sizes = await Promise.all(files.map(async (file) => gzipSync(await readFile(join(folder, file))).length));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Writes the page (`index.html`) and its scripts into `folder`. */
export async function buildEditorHarness(folder: string): Promise<HarnessBytes> {
  const result = await build({
    entryPoints: { harness: ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    outdir: folder,
    entryNames: '[name]',
    jsx: 'automatic',
    loader: { '.wasm': 'file' },
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    metafile: true,
    logLevel: 'error',
  });
  await writeFile(
    join(folder, 'index.html'),
    '<!doctype html><html lang="pt"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Estúdio</title><div id="studio"></div><script type="module" src="harness.js"></script></html>',
  );
  const outputs = result.metafile.outputs;
  const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  const entry = Object.keys(outputs).find((path) => name(path) === 'harness.js') ?? '';
  const firstLoad = [
    entry,
    ...(outputs[entry]?.imports ?? []).filter((use) => use.kind === 'import-statement').map((use) => use.path),
  ];
  // What the dynamic import of the editor fetches: its chunk and the chunks that one imports.
  const dynamic = new Set<string>();
  const visit = (path: string) => {
    for (const use of outputs[path]?.imports ?? [])
      if (use.kind === 'import-statement' && !dynamic.has(use.path) && !firstLoad.includes(use.path)) {
        dynamic.add(use.path);
        visit(use.path);
      }
  };
  for (const use of outputs[entry]?.imports ?? [])
    if (use.kind === 'dynamic-import') {
      dynamic.add(use.path);
      visit(use.path);
    }
  return {
    firstLoad: await gzipBytes(folder, firstLoad.map(name)),
    afterSignIn: await gzipBytes(folder, [...dynamic].map(name)),
  };
}
