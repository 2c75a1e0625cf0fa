/**
 * The artist's editable content (the `content/` folder) as Astro collections. A file that
 * breaks a rule of `lib/content-schemas.ts` fails the build with the file and field named.
 */
import { readFile } from 'node:fs/promises';
import { defineCollection } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
import { poemSchema, releaseSchema, siteSchema, videoSchema } from './lib/content-schemas.ts';

const SITE_FILE = 'content/site.json';

/** Loads the one settings file as a single entry, so errors point at that file. */
function settingsFile(path: string): Loader {
  return {
    name: 'settings-file',
    load: async (context) => {
      const text = await readFile(path, 'utf8');
      let raw: Record<string, unknown>;
      try {
        raw = JSON.parse(text) as Record<string, unknown>;
      } catch (error) {
        throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
      }
      const data = await context.parseData({ id: 'site', data: raw, filePath: path });
      context.store.clear();
      context.store.set({ id: 'site', data, filePath: path });
      context.watcher?.add(path);
    },
  };
}

const site = defineCollection({ loader: settingsFile(SITE_FILE), schema: siteSchema });

const videos = defineCollection({
  loader: file('content/videos.json'),
  // A local thumbnail is optional; Astro optimises it (AVIF/WebP, sizes) when given.
  schema: ({ image }) => videoSchema.extend({ thumb: image().optional() }),
});

const poems = defineCollection({
  loader: glob({ pattern: '*.md', base: 'content/poems' }),
  schema: poemSchema,
});

const releases = defineCollection({
  loader: glob({ pattern: '*.json', base: 'content/releases' }),
  // The artist's own cover, optional: without it the release shows its generated stand-in.
  schema: ({ image }) => releaseSchema.extend({ cover: image().optional() }),
});

export const collections = { site, videos, poems, releases };
