/**
 * The artist's editable content (the `content/` folder) as Astro collections. A file that
 * breaks a rule of `lib/content-schemas.ts` fails the build with the file and field named.
 */
import { readdir, readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import {
  poemSchema,
  releaseSchema,
  siteSchema,
  trackTextsSchema,
  videoSchema,
  VIDEOS_FIELD,
} from './lib/content-schemas.ts';
import { DRAWN_COVERS_FOLDER, standInCover } from './lib/cover-stand-ins.ts';

const SITE_FILE = 'content/site.json';
const VIDEOS_FILE = 'content/videos.json';
const RELEASES_FOLDER = 'content/releases/';

/** A JSON file's object, or an error naming the file (Astro's own loaders only log it). */
async function readJsonObject(path: string): Promise<Record<string, unknown>> {
  const text = await readFile(path, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Error(`${path} must hold one object { … }`);
  return raw as Record<string, unknown>;
}

/** Loads the one settings file as a single entry, so errors point at that file. */
function settingsFile(path: string): Loader {
  return {
    name: 'settings-file',
    load: async (context) => {
      const raw = await readJsonObject(path);
      const data = await context.parseData({ id: 'site', data: raw, filePath: path });
      context.store.clear();
      context.store.set({ id: 'site', data, filePath: path });
      context.watcher?.add(path);
    },
  };
}

/**
 * Loads the list in one field of a file, one entry per item keyed by its `id`. A missing list
 * or an id listed twice fails the build, where Astro's `file()` loader would drop the entries.
 */
function listFile(path: string, field: string): Loader {
  return {
    name: 'list-file',
    load: async (context) => {
      const list = (await readJsonObject(path))[field];
      if (!Array.isArray(list)) throw new Error(`${path}: ${field}: must be a list [ … ]`);
      // Absolute, as Astro's loaders give it: an item's relative image path resolves from it.
      const filePath = fileURLToPath(new URL(path, context.config.root));
      context.store.clear();
      for (const [index, item] of (list as unknown[]).entries()) {
        // A missing or wrong id is the schema's to name; here it only keys the entry.
        const given = (item as { id?: unknown } | null)?.id;
        const id = typeof given === 'string' ? given : '';
        if (context.store.has(id)) throw new Error(`${path}: ${field}.${String(index)}.id: ${id} is listed twice`);
        const data = await context.parseData({ id, data: item as Record<string, unknown>, filePath });
        context.store.set({ id, data, filePath: path });
      }
      context.watcher?.add(path);
    },
  };
}

/**
 * The release files, each given a stand-in `cover` where it has none of its own: the one
 * `npm run brand` drew for it, else the logo. A path, as the artist would write it, so the
 * build ships only the stand-ins some release shows.
 */
function releaseFiles(folder: string): Loader {
  const files = glob({ pattern: '*.json', base: folder });
  return {
    name: 'release-files',
    load: async (context) => {
      const fromRoot = (path: string) => fileURLToPath(new URL(path, context.config.root));
      const drawn = new Set(await readdir(fromRoot(DRAWN_COVERS_FOLDER)).catch(() => []));
      // The files' digests do not cover the stand-ins: when these change, every file is read again.
      const stamp = [...drawn].sort().join('\n');
      if (context.meta.get('drawn-covers') !== stamp) context.store.clear();
      context.meta.set('drawn-covers', stamp);
      const standIn = (id: string) => relative(fromRoot(folder), fromRoot(standInCover(id, drawn)));
      await files.load({
        ...context,
        parseData: (entry) => context.parseData({ ...entry, data: { cover: standIn(entry.id), ...entry.data } }),
      });
    },
  };
}

const site = defineCollection({ loader: settingsFile(SITE_FILE), schema: siteSchema });

const videos = defineCollection({
  loader: listFile(VIDEOS_FILE, VIDEOS_FIELD),
  // A local thumbnail is optional; Astro optimises it (AVIF/WebP, sizes) when given.
  schema: ({ image }) => videoSchema.extend({ thumb: image().optional() }),
});

const poems = defineCollection({
  loader: glob({ pattern: '*.md', base: 'content/poems' }),
  schema: poemSchema,
});

const releases = defineCollection({
  loader: releaseFiles(RELEASES_FOLDER),
  // The artist's own cover, else the stand-in the loader gives.
  schema: ({ image }) => releaseSchema.extend({ cover: image() }),
});

/** The tracks' lyrics and credits, one file per track in a folder named like its release's file. */
const trackTexts = defineCollection({
  loader: glob({ pattern: '*/*.json', base: RELEASES_FOLDER }),
  schema: trackTextsSchema,
});

export const collections = { site, videos, poems, releases, trackTexts };
