/**
 * What the built site holds: its HTML pages (served at clean URLs, `/pt` for `pt.html`) and
 * the hashes of the inline scripts and styles its source emits, which the build recorded
 * (allowed by the Content-Security-Policy). The pages themselves are never scanned for
 * scripts: whatever a page holds beyond what the source wrote stays refused.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isLang, type Lang } from '../../../src/lib/languages.ts';
import { PAGE_POLICY_FILE, pagePolicySchema, type PagePolicy } from '../../../src/lib/page-policy.ts';

export interface SitePages {
  /** Clean URL path to the HTML file's path relative to the build folder. */
  pages: Map<string, string>;
  /**
   * Pages built once per language for one URL (`samebloodscocktail.en.html` for
   * `/samebloodscocktail`): clean URL path to each language's file. Never pages of their own.
   */
  variants: Map<string, Partial<Record<Lang, string>>>;
  /** CSP sources (`'sha256-…'`) of the inline scripts the source emits. */
  scriptHashes: string[];
  /** CSP sources of the inline styles the source emits. */
  styleHashes: string[];
  /** True when the build was made with analytics ids (its pages carry the consent banner). */
  analytics: boolean;
}

/** Files that exist to be shown by the server itself, never as a page of their own. */
const NOT_A_PAGE = new Set(['index.html', '404.html']);
/** `page.en.html`: the `page` URL written in one language. */
const LANGUAGE_VARIANT = /^(.+)\.([a-z]{2})\.html$/;

/** The consent banner's element: only a build with analytics ids writes it. */
const ANALYTICS_ELEMENT = /<[a-z]+\s[^>]*\bdata-analytics[\s=>]/;

async function listHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The policy the build recorded. A build without one is refused rather than served without scripts. */
async function readPagePolicy(distDir: string): Promise<PagePolicy> {
  let text: string;
  try {
    text = await readFile(join(distDir, PAGE_POLICY_FILE), 'utf8');
  } catch {
    throw new Error(`${distDir} has no ${PAGE_POLICY_FILE}: rebuild the site with \`npm run build\`.`);
  }
  return pagePolicySchema.parse(JSON.parse(text));
}

/** Scans a build folder (at start, and for each publish). Fails clearly when the site has not been built. */
export async function scanSitePages(distDir: string): Promise<SitePages> {
  let files: string[];
  try {
    files = await listHtmlFiles(distDir);
  } catch {
    throw new Error(`The built site was not found in ${distDir}: run \`npm run build\` first.`);
  }
  const { scriptHashes, styleHashes } = await readPagePolicy(distDir);
  const pages = new Map<string, string>();
  const variants = new Map<string, Partial<Record<Lang, string>>>();
  let analytics = false;
  for (const file of files) {
    const relativePath = relative(distDir, file).split(sep).join('/');
    const [, base, lang] = LANGUAGE_VARIANT.exec(relativePath) ?? [];
    if (base && isLang(lang)) variants.set(`/${base}`, { ...variants.get(`/${base}`), [lang]: relativePath });
    else if (!NOT_A_PAGE.has(relativePath)) pages.set(`/${relativePath.replace(/\.html$/, '')}`, relativePath);
    const html = await readFile(file, 'utf8');
    analytics ||= ANALYTICS_ELEMENT.test(html);
  }
  return { pages, variants, scriptHashes, styleHashes, analytics };
}
