/**
 * The artist's studio, reported apart from the public pages' budgets: the bytes its page loads
 * before sign-in and those the editor adds after it (from the build's manifest), and the time
 * from a save to the public page that shows it, through the real build of a copy of the
 * project, published by the running app.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { copyProject } from '../harness/project-copy.ts';

export interface StudioResult {
  /** JavaScript and CSS of the studio's page before sign-in, gzipped. */
  firstLoadBytes: number;
  /** What signing in adds: the editor's chunks and styles, gzipped. */
  editorBytes: number;
  /** From a saved poem to the home page that lists it, published by a build of the site. */
  saveToPublishedMs: number;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Every file a chunk loads with it: its own, its static imports' and their styles. */
function staticClosure(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    staticClosure(manifest, chunk.imports ?? [], seen);
  }
  return seen;
}

const gzipped = (folder: string, files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(folder, file))).length, 0);

/**
 * What signing in loads: the chunks the page's own code imports dynamically (the editor's
 * start, which imports the editor at once), followed through our own code only: Decap's own
 * lazy chunks (a code editor's languages) load when a form needs them, if ever.
 */
function signedInKeys(manifest: Manifest, from: readonly string[], seen = new Set<string>()): string[] {
  for (const key of from) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) {
      if (seen.has(dynamic)) continue;
      seen.add(dynamic);
      if (!dynamic.startsWith('node_modules/')) signedInKeys(manifest, [dynamic], seen);
    }
  }
  return [...seen];
}

function studioBytes(studioDir: string): Pick<StudioResult, 'firstLoadBytes' | 'editorBytes'> {
  const manifest = JSON.parse(readFileSync(join(studioDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const firstLoad = staticClosure(manifest, entries);
  const ownFirstLoad = Object.keys(manifest).filter((key) => firstLoad.has(manifest[key]?.file ?? ''));
  const editor = [...staticClosure(manifest, signedInKeys(manifest, ownFirstLoad))].filter(
    (file) => !firstLoad.has(file),
  );
  return { firstLoadBytes: gzipped(studioDir, firstLoad), editorBytes: gzipped(studioDir, editor) };
}

/** Saves a poem into a copy of the project as the studio does, and times its publication. */
async function saveToPublished(distDir: string): Promise<number> {
  const copy = copyProject('bench-studio-');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-studio-data-'));
  const mediaDir = mkdtempSync(join(tmpdir(), 'bench-studio-media-'));
  const config = loadConfig({
    ...process.env,
    DIST_DIR: resolve(distDir),
    CONTENT_DIR: join(copy, 'content'),
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    FFMPEG_PATH: '/nonexistent/ffmpeg',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { watchMedia: false, publish: { projectDir: copy } });
  try {
    const title = `Bench ${Date.now()}`;
    const started = performance.now();
    writeFileSync(join(copy, 'content/poems/bench.md'), `---\ntitle: ${title}\ndate: 21/06/2024\n---\n\nverso\n`);
    await app.publisher.requestBuild();
    await app.publisher.whenIdle();
    const page = await app.inject({ url: '/pt' });
    if (!page.body.includes(title)) throw new Error(`the published home page does not list the saved poem`);
    return performance.now() - started;
  } finally {
    await app.close();
    for (const folder of [copy, dataDir, mediaDir]) rmSync(folder, { recursive: true, force: true });
  }
}

export async function measureStudio(studioDir: string, distDir: string): Promise<StudioResult> {
  return { ...studioBytes(studioDir), saveToPublishedMs: await saveToPublished(distDir) };
}
