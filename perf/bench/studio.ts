/**
 * The artist's studio: what his phone downloads and waits for (studio-load.ts), and the time
 * from a save to the public page that shows it, through the real build of a copy of the
 * project, published by the running app.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { copyProject } from '../harness/project-copy.ts';
import { measureStudioLoad, type StudioLoadResult } from './studio-load.ts';

export interface StudioResult extends StudioLoadResult {
  /** From a saved poem to the home page that lists it, published by a build of the site. */
  saveToPublishedMs: number;
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

export async function measureStudio(distDir: string): Promise<StudioResult> {
  return { ...(await measureStudioLoad()), saveToPublishedMs: await saveToPublished(distDir) };
}
