/**
 * A built page as its islands read it: its HTML, then the text of each file of islands' props
 * it names (the build moves the props out of the page, src/integrations/island-props.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROPS_FILE_ATTRIBUTE } from '../../../src/page-start/island-props.ts';

const PROPS_FILE = new RegExp(` ${PROPS_FILE_ATTRIBUTE}="(/_astro/props\\.[\\w-]+\\.json)"`, 'g');

/** The HTML of `path` in `distDir`, followed by its islands' props. */
export function builtPageWithProps(distDir: string, path: string): string {
  const html = readFileSync(join(distDir, path), 'utf8');
  const files = new Set([...html.matchAll(PROPS_FILE)].map((match) => match[1] ?? ''));
  return [html, ...[...files].map((file) => readFileSync(join(distDir, file), 'utf8'))].join('\n');
}
