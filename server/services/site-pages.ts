/**
 * What the built site holds: its HTML pages (served at clean URLs, `/pt` for `pt.html`) and
 * the hashes of their inline scripts and styles (allowed by the Content-Security-Policy).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isLang, type Lang } from '../../src/lib/languages.ts';

export interface SitePages {
  /** Clean URL path to the HTML file's path relative to the build folder. */
  pages: Map<string, string>;
  /**
   * Pages built once per language for one URL (`samebloodscocktail.en.html` for
   * `/samebloodscocktail`): clean URL path to each language's file. Never pages of their own.
   */
  variants: Map<string, Partial<Record<Lang, string>>>;
  /** CSP sources (`'sha256-…'`) of every inline script the pages run. */
  scriptHashes: string[];
  /** CSP sources of every inline style element in the pages. */
  styleHashes: string[];
  /** True when the build was made with analytics ids (its pages carry the consent banner). */
  analytics: boolean;
}

/** Files that exist to be shown by the server itself, never as a page of their own. */
const NOT_A_PAGE = new Set(['index.html', '404.html']);
/** `page.en.html`: the `page` URL written in one language. */
const LANGUAGE_VARIANT = /^(.+)\.([a-z]{2})\.html$/;

/**
 * Inline scripts the browser runs: no `src`, and no `type` but a classic or module script's.
 * A data block (`application/json`, `application/ld+json`) is never run, so the CSP need not
 * name it: each hash is 54 bytes more in every page's headers.
 */
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?![^>]*\stype="(?!module"|text\/javascript")[^"]*")[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

async function listHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Scans a build folder (at start, and for each publish). Fails clearly when the site has not been built. */
export async function scanSitePages(distDir: string): Promise<SitePages> {
  let files: string[];
  try {
    files = await listHtmlFiles(distDir);
  } catch {
    throw new Error(`The built site was not found in ${distDir}: run \`npm run build\` first.`);
  }
  const pages = new Map<string, string>();
  const variants = new Map<string, Partial<Record<Lang, string>>>();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let analytics = false;
  for (const file of files) {
    const relativePath = relative(distDir, file).split(sep).join('/');
    const [, base, lang] = LANGUAGE_VARIANT.exec(relativePath) ?? [];
    if (base && isLang(lang)) variants.set(`/${base}`, { ...variants.get(`/${base}`), [lang]: relativePath });
    else if (!NOT_A_PAGE.has(relativePath)) pages.set(`/${relativePath.replace(/\.html$/, '')}`, relativePath);
    const html = await readFile(file, 'utf8');
    analytics ||= html.includes('data-analytics');
    for (const [, body = ''] of html.matchAll(INLINE_SCRIPT)) if (body.trim()) scripts.add(cspHash(body));
    for (const [, body = ''] of html.matchAll(INLINE_STYLE)) styles.add(cspHash(body));
  }
  return { pages, variants, scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort(), analytics };
}
