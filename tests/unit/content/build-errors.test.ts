/**
 * A mistake in a content file must stop the build with the file and the field named. Runs
 * the real `astro sync` (which validates every collection) on a copy of the project. Each
 * mistake is one the test adds (a link, a video, a poem or a release of its own), so the
 * artist's own files can say and be named anything.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleReleaseJson } from './sample-release.ts';

const run = promisify(execFile);
const root = resolve('.');
let copy = '';

/** Copies what `astro sync` reads into a temporary project and breaks (or adds) one file there. */
function projectWith(path: string, edit: (text: string) => string): string {
  copy = mkdtempSync(join(tmpdir(), 'content-check-'));
  for (const item of ['src', 'content', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, item), join(copy, item), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  const file = join(copy, path);
  writeFileSync(file, edit(existsSync(file) ? readFileSync(file, 'utf8') : ''));
  return copy;
}

async function syncOutput(cwd: string): Promise<string> {
  try {
    const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
    await run('npx', ['astro', 'sync'], { cwd, env });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    // Colour codes, where the terminal or CI forces them, would split the words we look for.
    return stripVTControlCharacters(stdout + stderr);
  }
  throw new Error('astro sync succeeded on broken content');
}

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a broken content file fails the build naming the file and the field', () => {
  it('site.json', { timeout: 60_000 }, async () => {
    let added = 0;
    const cwd = projectWith('content/site.json', (text) => {
      const site = JSON.parse(text) as { socials: unknown[] };
      added = site.socials.push({ icon: 'spotify', label: 'Spotify', href: 'ftp://open.spotify.com/x' }) - 1;
      return JSON.stringify(site);
    });
    const output = await syncOutput(cwd);
    expect(output).toContain('content/site.json');
    expect(output).toContain(`socials.${String(added)}.href: must be an https:// URL`);
  });

  it('videos.json', { timeout: 60_000 }, async () => {
    const cwd = projectWith('content/videos.json', (text) => {
      const { videos } = JSON.parse(text) as { videos: unknown[] };
      return JSON.stringify({ videos: [...videos, { id: 'not-a-video-id', title: 'Um vídeo' }] });
    });
    const output = await syncOutput(cwd);
    expect(output).toContain('content/videos.json');
    expect(output).toContain('id: must be an 11-character video id');
  });

  it('a poem', { timeout: 60_000 }, async () => {
    const cwd = projectWith(
      'content/poems/data-errada.md',
      () => `---\ntitle: Data Errada\ndate: "2024-06-21"\n---\n\nUm verso\n`,
    );
    const output = await syncOutput(cwd);
    expect(output).toContain('content/poems/data-errada.md');
    expect(output).toContain('date: must be a real date written DD/MM/YYYY');
  });

  it('a release', { timeout: 60_000 }, async () => {
    const cwd = projectWith('content/releases/tipo-errado.json', () => sampleReleaseJson({ kind: 'LP' }));
    const output = await syncOutput(cwd);
    expect(output).toContain('content/releases/tipo-errado.json');
    expect(output).toContain('kind: must be one of EP, Single, Album');
  });

  it('a release link that is no https URL', { timeout: 60_000 }, async () => {
    const cwd = projectWith('content/releases/link-errado.json', () =>
      sampleReleaseJson({ links: { bandcamp: 'http://samebloodscocktail.bandcamp.com/track/x' } }),
    );
    const output = await syncOutput(cwd);
    expect(output).toContain('content/releases/link-errado.json');
    expect(output).toContain('links.bandcamp: must be an https:// URL');
  });
});
