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

/** The folder of the build's hashed files, served as never changing. */
const ASSETS_FOLDER = '_astro';

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
export function withPropsMoved(html: string): { html: string; files: Map<string, string> } {
  const files = new Map<string, string>();
  const moved = html.replace(ISLAND_OPENING_TAG, (tag) => {
    const props = propsOf(tag);
    if (props === undefined) return tag;
    const name = propsFileName(props);
    files.set(name, props);
    return tag.replace(PROPS_ATTRIBUTE, ` ${PROPS_FILE_ATTRIBUTE}="/${ASSETS_FOLDER}/${name}"`);
  });
  return { html: moved, files };
}

/** The integration: moves the props of every page of the build once it is written. */
export function islandProps(): AstroIntegration {
  return {
    name: 'island-props',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const files = new Map<string, string>();
        await rewriteBuiltPages(dir, (html) => {
          const page = withPropsMoved(html);
          for (const [name, props] of page.files) files.set(name, props);
          return page.html;
        });
        const folder = join(fileURLToPath(dir), ASSETS_FOLDER);
        await mkdir(folder, { recursive: true });
        for (const [name, props] of files) await writeFile(join(folder, name), props);
      },
    },
  };
}
