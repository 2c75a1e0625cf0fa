/**
 * A copy of the project whose every text is hostile: each field the artist (or a file's tags)
 * fills, in the site settings, releases, tracks' lyrics and credits, poems, videos and audio
 * titles, holds a string made to break out of HTML, attributes, scripts, comments and JSON.
 * Each is wrapped in two private-use marks, so a check of the built pages can tell where every
 * such text landed and whether it stayed whole. Built for real and served by the real server.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { copyProject, productionBuildEnv } from '../../perf/harness/project-copy.ts';
import { encodeId3 } from '../../scripts/demo-media/id3.ts';
import { generateDemoMedia } from '../../scripts/demo-media/generate.ts';
import { demoMelody, renderNotes } from '../../scripts/demo-media/synth.ts';
import { encodeWav } from '../../scripts/demo-media/wav.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { hostileText } from '../hostile-text.ts';

const run = promisify(execFile);

/** Opens and closes each hostile text: no source writes these characters. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

/**
 * A page of the build with one inline script added after the build, as content that escaped its
 * element would add one: the policy must refuse it while the page's own scripts run.
 */
export const SMUGGLED_PAGE = { file: 'en/smuggled.html', path: '/en/smuggled', script: 'window.__injected = 1' };

/** The title every hostile audio file's title starts with, so its track page has a known address. */
export const HOSTILE_TRACK_PREFIX = 'Zz';

export interface HostileSite {
  url: string;
  /** The built site. */
  distDir: string;
  /** The seed the hostile texts were drawn with, to draw them again. */
  seed: number;
  close: () => Promise<void>;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Draws hostile texts one after another from a seeded sequence. */
function hostileSource(seed: number): (maxLength: number) => string {
  const texts = fc.sample(hostileText(), { seed, numRuns: 400 });
  let next = 0;
  return (maxLength) => {
    // Line breaks out: lyrics and poems are drawn line by line, each line its own text.
    const text = (texts[next % texts.length] ?? '').replace(/[\r\n]/g, ' ');
    next += 1;
    // A visible letter first: fields that are trimmed or must not be blank stay valid.
    return `${MARK_START}x${text}`.slice(0, maxLength - 1) + MARK_END;
  };
}

/** Replaces the listed fields of a JSON object, keeping its other values. */
function withHostile(value: Json, fields: Record<string, number>, hostile: (max: number) => string): Json {
  if (Array.isArray(value)) return value.map((item) => withHostile(item, fields, hostile));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const max = fields[key];
      if (max !== undefined && typeof item === 'string') return [key, hostile(max)];
      if (max !== undefined && Array.isArray(item) && item.every((entry) => typeof entry === 'string'))
        return [key, item.map(() => hostile(max))];
      return [key, withHostile(item, fields, hostile)];
    }),
  );
}

function rewriteJson(file: string, fields: Record<string, number>, hostile: (max: number) => string): void {
  const data = JSON.parse(readFileSync(file, 'utf8')) as Json;
  writeFileSync(file, `${JSON.stringify(withHostile(data, fields, hostile), null, 2)}\n`);
}

/** A YAML double-quoted scalar holding any text: every character outside printable ASCII escaped. */
function yamlString(text: string): string {
  return JSON.stringify(text).replace(
    /[^\x20-\x7e]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The lengths each field of the content allows, by field name. */
const SITE_FIELDS = { artist: 200, project: 200, label: 100 };
const RELEASE_FIELDS = {
  title: 120,
  shortTitle: 40,
  pt: 500,
  en: 500,
  es: 500,
  writtenBy: 200,
  performedBy: 200,
  producedBy: 200,
  mixedBy: 200,
  masteredBy: 200,
  recordedAt: 200,
};
const TRACK_TEXT_FIELDS = { ...RELEASE_FIELDS, lyrics: 2_000, note: 500 };

function rewriteContent(content: string, hostile: (max: number) => string): void {
  rewriteJson(join(content, 'site.json'), SITE_FIELDS, hostile);
  rewriteJson(join(content, 'videos.json'), { title: 200 }, hostile);
  const releases = join(content, 'releases');
  for (const entry of readdirSync(releases, { withFileTypes: true })) {
    const path = join(releases, entry.name);
    if (entry.isFile() && entry.name.endsWith('.json')) {
      // Titles listed by hand stay: the media library's tags name the tracks, hostile ones among them.
      const release = JSON.parse(readFileSync(path, 'utf8')) as { [key: string]: Json; tracks?: Json };
      const { tracks, ...rest } = release;
      const rewritten = withHostile(rest, RELEASE_FIELDS, hostile) as Record<string, Json>;
      writeFileSync(path, JSON.stringify(tracks ? { ...rewritten, tracks } : rewritten, null, 2));
    } else if (entry.isDirectory()) {
      for (const file of readdirSync(path)) rewriteJson(join(path, file), TRACK_TEXT_FIELDS, hostile);
    }
  }
  const poems = join(content, 'poems');
  for (const file of readdirSync(poems)) {
    const [, date = '01/01/2024'] = /date:\s*'([^']+)'/.exec(readFileSync(join(poems, file), 'utf8')) ?? [];
    const body = [hostile(400), hostile(400), '', hostile(400)].join('\n');
    writeFileSync(join(poems, file), `---\ntitle: ${yamlString(hostile(200))}\ndate: '${date}'\n---\n\n${body}\n`);
  }
}

/**
 * The demo music, and in each playlist one more track whose title tag is hostile (an ID3 text
 * ends at its first NUL, as a tagging tool would write it).
 */
async function writeHostileMedia(mediaDir: string, hostile: (max: number) => string): Promise<void> {
  await generateDemoMedia(mediaDir, 2);
  for (const [index, playlist] of readdirSync(mediaDir).entries()) {
    const title = `${HOSTILE_TRACK_PREFIX} ${hostile(190)}`.replaceAll('\0', '');
    const tag = encodeId3({ title, artist: hostile(100).replaceAll('\0', ''), album: playlist, track: 9 });
    writeFileSync(join(mediaDir, playlist, '09-hostile.wav'), encodeWav(renderNotes(demoMelody(index), 120, 2), tag));
  }
}

/** Builds and serves the hostile copy; `seed` draws its texts. */
export async function startHostileSite(seed: number): Promise<HostileSite> {
  const copy = copyProject('hostile-');
  const hostile = hostileSource(seed);
  rewriteContent(join(copy, 'content'), hostile);
  const mediaDir = join(copy, 'media-hostile');
  mkdirSync(mediaDir);
  await writeHostileMedia(mediaDir, hostile);
  const buildEnv = productionBuildEnv({ MEDIA_DIR: mediaDir });
  try {
    await run('npx', ['astro', 'build', '--silent'], { cwd: copy, env: buildEnv, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The hostile copy (seed ${String(seed)}) did not build:\n${stderr}\n${stdout}`.slice(0, 8_000), {
      cause: error,
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hostile-data-'));
  const distDir = join(copy, 'dist');
  const home = readFileSync(join(distDir, 'en.html'), 'utf8');
  writeFileSync(
    join(distDir, SMUGGLED_PAGE.file),
    home.replace('</body>', `<script>${SMUGGLED_PAGE.script}</script></body>`),
  );
  const app = await buildApp(
    loadConfig({
      ...process.env,
      DIST_DIR: distDir,
      MEDIA_DIR: mediaDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The original files play; renditions made meanwhile would only slow the machine.
      FFMPEG_PATH: '/nonexistent/ffmpeg',
    }),
    { watchMedia: false },
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    distDir,
    seed,
    close: async () => {
      await app.close();
      rmSync(copy, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
