/**
 * Moves each island's props out of the built pages into files of their own, named by their
 * content (`/_astro/props.<hash>.json`: cached for good, one file for the pages whose islands
 * share their props). The props are what an island's code needs to take over its markup, not
 * what the first paint draws: on a home page, 17 KB of its 80 KB of HTML, which made it arrive
 * in two round trips rather than one. The islands' directives fetch them before they hydrate
 * (src/page-start/island-props.ts).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { Parser } from 'htmlparser2';
import { PROPS_FILE_ATTRIBUTE } from '../page-start/island-props.ts';
import { rewriteBuiltPages } from './built-pages.ts';

/** An island's opening tag. Astro writes its attributes escaped, so none holds a `>`. */
const ISLAND_OPENING_TAG = /<astro-island\b[^>]*>/g;
const PROPS_ATTRIBUTE = /\sprops="[^"]*"/;

/** Astro's folder of the build's hashed files unless `build.assets` names another. */
const DEFAULT_ASSETS_FOLDER = '_astro';

/** The `props` attribute of an opening tag as the browser reads it (its entities decoded). */
function propsOf(tag: string): string | undefined {
  let props: string | undefined;
  const parser = new Parser({
    onopentag(_name, attributes) {
      props ??= attributes['props'];
    },
  });
  parser.write(tag);
  parser.end();
  return props;
}

/** The file name of some props: their hash, so the same props make the same file. */
export function propsFileName(props: string): string {
  return `props.${createHash('sha256').update(props, 'utf8').digest('base64url').slice(0, 10)}.json`;
}

/**
 * The page with each island's `props` replaced by the URL of the file holding them, and the
 * files to write (name → exact text of the attribute, as the island's hydration reads it).
 */
export function withPropsMoved(
  html: string,
  assetsFolder = DEFAULT_ASSETS_FOLDER,
): { html: string; files: Map<string, string> } {
  const files = new Map<string, string>();
  const moved = html.replace(ISLAND_OPENING_TAG, (tag) => {
    const props = propsOf(tag);
    if (props === undefined) return tag;
    const name = propsFileName(props);
    files.set(name, props);
    return tag.replace(PROPS_ATTRIBUTE, ` ${PROPS_FILE_ATTRIBUTE}="/${assetsFolder}/${name}"`);
  });
  return { html: moved, files };
}

/**
 * The integration: moves the props of every page of the build once it is written, into the
 * folder of the build's hashed files (Astro's `build.assets`), which is served as never changing.
 */
export function islandProps(): AstroIntegration {
  let assetsFolder = DEFAULT_ASSETS_FOLDER;
  return {
    name: 'island-props',
    hooks: {
      'astro:config:done': ({ config }) => {
        assetsFolder = config.build.assets;
      },
      'astro:build:done': async ({ dir }) => {
        const files = new Map<string, string>();
        await rewriteBuiltPages(dir, (html) => {
          const page = withPropsMoved(html, assetsFolder);
          for (const [name, props] of page.files) files.set(name, props);
          return page.html;
        });
        const folder = join(fileURLToPath(dir), assetsFolder);
        await mkdir(folder, { recursive: true });
        for (const [name, props] of files) await writeFile(join(folder, name), props);
      },
    },
  };
}
