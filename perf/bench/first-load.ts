/**
 * What a page of the build makes the browser download on first load (dynamic imports left out),
 * read from dist/ alone; shared by the benchmark and the byte budget test so both count the same
 * bytes.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { init as initLexer, parse as parseModule } from 'es-module-lexer';
import { Parser } from 'htmlparser2';

/** Bytes of one file as stored and as served compressed. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export type AssetKind = 'document' | 'script' | 'stylesheet' | 'image' | 'font' | 'other';

/** One file of dist/ the page downloads, named by its URL path (`/_astro/client.Cz.js`). */
export interface Asset extends Sizes {
  path: string;
  kind: AssetKind;
}

export type EntryKind = 'script' | 'stylesheet' | 'island' | 'renderer' | 'image' | 'preload';

/** Something the HTML itself references, with every asset it brings (itself included). */
export interface Entry {
  kind: EntryKind;
  path: string;
  /** The file name without hash and extension: `KeyboardHero`, `ClientRouter`, `index`. */
  name: string;
  /** For islands: Astro's `client` directive (`idle`, `visible`, `load`...). */
  hydrate?: string;
  closure: string[];
}

/** The first load of one page. */
export interface FirstLoad {
  /** The page's URL path: `/pt`, `/en/spotify`. */
  page: string;
  document: Asset;
  entries: Entry[];
  /** Every distinct asset other than the HTML, in discovery order. */
  assets: Asset[];
  /** Absolute URLs on other hosts (none, as the site is built): not in dist/, not counted. */
  external: string[];
}

/** A built page: its file in dist/ and the URL path it is served at. */
export interface BuiltPage {
  file: string;
  page: string;
}

const SCRIPT = /\.m?js$/;
const STYLESHEET = /\.css$/;
const IMAGE = /\.(png|jpe?g|webp|avif|gif|svg|ico)$/i;
const FONT = /\.(woff2?|ttf|otf|eot)$/i;

function kindOf(path: string): AssetKind {
  if (SCRIPT.test(path)) return 'script';
  if (STYLESHEET.test(path)) return 'stylesheet';
  if (IMAGE.test(path)) return 'image';
  if (FONT.test(path)) return 'font';
  return 'other';
}

/**
 * `KeyboardHero.DjBSzDhS.js` → `KeyboardHero`; `ClientRouter.astro_astro_type_script_index_0_lang.Bcn.js`
 * → `ClientRouter`. Vite names chunks after their first module, which is what a reader knows.
 */
export function chunkName(path: string): string {
  return posix.basename(path).split('.')[0] ?? path;
}

/** The served sizes of a file: the precompressed variant when the build wrote one, else raw. */
export async function fileSizes(file: string): Promise<Sizes> {
  const raw = (await stat(file)).size;
  // precompress.ts skips files too small to gain from it; the server then sends them as they are.
  const variant = async (suffix: string) => (existsSync(file + suffix) ? (await stat(file + suffix)).size : raw);
  return { raw, gzip: await variant('.gz'), brotli: await variant('.br') };
}

/** Every HTML page of the build, with the clean URL it is served at (`pt.html` → `/pt`). */
export async function builtPages(distDir: string): Promise<BuiltPage[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const path = relative(distDir, file).split(sep).join('/');
      const page = path === 'index.html' ? '/' : `/${path.replace(/(\/index)?\.html$/, '')}`;
      return { file, page };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

/** The dist/ file of a page's URL path (`/en/spotify` → `dist/en/spotify.html`). */
export function pageFile(distDir: string, page: string): string {
  const clean = page.replace(/^\/+|\/+$/g, '');
  return join(distDir, clean === '' ? 'index.html' : `${clean}.html`);
}

/** A reference found in the HTML, before it is followed. */
interface Reference {
  kind: EntryKind;
  url: string;
  hydrate?: string;
}

/** What the HTML references, and the source of its inline module scripts (they may import chunks). */
export interface HtmlReferences {
  references: Reference[];
  inlineModules: string[];
}

const relTokens = (rel: string | undefined) => new Set((rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));

/**
 * The largest candidate of a `srcset`: the browser downloads one of them, and which one
 * depends on the screen, so the budget counts the heaviest.
 */
function largestCandidate(srcset: string): string | undefined {
  let best: { url: string; weight: number } | undefined;
  for (const candidate of srcset.split(',')) {
    const [url, descriptor = '1x'] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const weight = Number.parseFloat(descriptor) || 1;
    if (!best || weight > best.weight) best = { url, weight };
  }
  return best?.url;
}

/** The references of an HTML document, in document order. */
export function htmlReferences(html: string): HtmlReferences {
  const found: Reference[] = [];
  const inlineModules: string[] = [];
  let inlineModule: string | null = null;
  /** Inside a <picture>: whether one of its images is counted already (null outside one). */
  let pictureCounted: boolean | null = null;
  const add = (kind: EntryKind, url: string | undefined, hydrate?: string) => {
    if (url) found.push(hydrate === undefined ? { kind, url } : { kind, url, hydrate });
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script') add('script', attributes['src']);
        if (name === 'script' && !attributes['src'] && attributes['type'] === 'module') inlineModule = '';
        if (name === 'link') {
          const rel = relTokens(attributes['rel']);
          if (rel.has('stylesheet')) add('stylesheet', attributes['href']);
          if (rel.has('modulepreload') || rel.has('preload')) add('preload', attributes['href']);
          // Browsers fetch the favicon with the page; apple-touch-icon only when saved to a home screen.
          if (rel.has('icon')) add('image', attributes['href']);
        }
        // A <picture> costs one download: the first <source> the browser supports (every
        // current browser takes the first, AVIF), else its <img>.
        if (name === 'picture') pictureCounted = false;
        if (name === 'img' && !pictureCounted)
          add('image', attributes['srcset'] ? largestCandidate(attributes['srcset']) : attributes['src']);
        if (name === 'source' && attributes['srcset'] && pictureCounted === false) {
          add('image', largestCandidate(attributes['srcset']));
          pictureCounted = true;
        }
        if (name === 'astro-island') {
          // Astro loads these when the island hydrates; client:visible ones wait for the
          // island to scroll into view, but on a phone the whole page is a few swipes long,
          // so the budget counts them all.
          add('island', attributes['component-url'], attributes['client'] ?? 'load');
          add('renderer', attributes['renderer-url']);
          add('script', attributes['before-hydration-url']);
        }
      },
      ontext(text) {
        if (inlineModule !== null) inlineModule += text;
      },
      onclosetag(name) {
        if (name === 'picture') pictureCounted = null;
        if (name === 'script' && inlineModule !== null) {
          inlineModules.push(inlineModule);
          inlineModule = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { references: found, inlineModules };
}

const isExternal = (url: string) => /^([a-z][a-z0-9+.-]*:)?\/\//i.test(url);

/** Resolves a reference against the URL path of the file that holds it; null for data: URLs. */
function resolvePath(url: string, from: string): string | null {
  if (url.startsWith('data:') || url.startsWith('#')) return null;
  const resolved = new URL(url, `http://dist${from}`);
  return decodeURIComponent(resolved.pathname);
}

/** Static imports and re-exports of a module (`import x from`, `import "x"`, `export * from`). */
async function staticImports(source: string): Promise<string[]> {
  await initLexer;
  const [imports] = parseModule(source);
  // d === -1 marks a static import; dynamic ones carry the position of `import(`, and -2 is import.meta.
  return imports.filter((entry) => entry.d === -1 && entry.n !== undefined).map((entry) => entry.n ?? '');
}

/** `@import` and `url()` references of a stylesheet (fonts, background images). */
function stylesheetReferences(css: string): string[] {
  const urls: string[] = [];
  for (const match of css.matchAll(/@import\s+(?:url\()?\s*["']?([^"')\s;]+)/g)) if (match[1]) urls.push(match[1]);
  for (const match of css.matchAll(/url\(\s*["']?([^"')]+?)["']?\s*\)/g)) if (match[1]) urls.push(match[1]);
  return [...new Set(urls)];
}

/** Reads a page of the build and follows everything its first load downloads. */
export async function readFirstLoad(distDir: string, page: string): Promise<FirstLoad> {
  const htmlFile = pageFile(distDir, page);
  const html = await readFile(htmlFile, 'utf8');
  const document: Asset = { path: page, kind: 'document', ...(await fileSizes(htmlFile)) };
  const assets = new Map<string, Asset>();
  const external = new Set<string>();

  /** Adds an asset and, for scripts and stylesheets, what they reference; records each path in `reached`. */
  const follow = async (path: string, referrer: string, reached: Set<string>): Promise<void> => {
    if (reached.has(path)) return;
    reached.add(path);
    const file = join(distDir, ...path.split('/'));
    if (!existsSync(file)) throw new Error(`${referrer} references ${path}, which is not in ${distDir}/`);
    const kind = kindOf(path);
    if (!assets.has(path)) assets.set(path, { path, kind, ...(await fileSizes(file)) });
    if (kind !== 'script' && kind !== 'stylesheet') return;
    const source = await readFile(file, 'utf8');
    const references = kind === 'script' ? await staticImports(source) : stylesheetReferences(source);
    for (const reference of references) {
      if (isExternal(reference)) {
        external.add(reference);
        continue;
      }
      const resolved = resolvePath(reference, path);
      if (resolved) await follow(resolved, path, reached);
    }
  };

  const { references, inlineModules } = htmlReferences(html);
  // What inline module scripts import statically loads with the page like a <script src>.
  for (const source of inlineModules) {
    for (const url of await staticImports(source)) references.push({ kind: 'script', url });
  }
  const entries: Entry[] = [];
  for (const reference of references) {
    if (isExternal(reference.url)) {
      external.add(reference.url);
      continue;
    }
    const path = resolvePath(reference.url, page);
    if (!path) continue;
    // The same chunk is referenced by every island of a kind (the React renderer): one entry.
    if (entries.some((entry) => entry.path === path)) continue;
    const reached = new Set<string>();
    await follow(path, page, reached);
    const entry: Entry = { kind: reference.kind, path, name: chunkName(path), closure: [...reached] };
    if (reference.hydrate !== undefined) entry.hydrate = reference.hydrate;
    entries.push(entry);
  }
  return { page, document, entries, assets: [...assets.values()], external: [...external] };
}

/**
 * What a page's scripts import dynamically under the chunk name `name`, with what that imports
 * statically, beyond the page's first load: loaded later (after the first paint), so measured
 * beside the first load and never in it.
 */
export async function loadedLater(distDir: string, load: FirstLoad, name: string): Promise<Asset[]> {
  await initLexer;
  const counted = new Set(load.assets.map((asset) => asset.path));
  const later = new Map<string, Asset>();
  const follow = async (path: string): Promise<void> => {
    if (counted.has(path) || later.has(path)) return;
    const file = join(distDir, ...path.split('/'));
    if (!existsSync(file)) return;
    later.set(path, { path, kind: kindOf(path), ...(await fileSizes(file)) });
    for (const url of await staticImports(await readFile(file, 'utf8'))) {
      const resolved = resolvePath(url, path);
      if (resolved && !isExternal(url)) await follow(resolved);
    }
  };
  for (const script of load.assets.filter((asset) => asset.kind === 'script')) {
    const [imports] = parseModule(await readFile(join(distDir, ...script.path.split('/')), 'utf8'));
    for (const entry of imports) {
      if (entry.d < 0 || !entry.n) continue;
      const resolved = resolvePath(entry.n, script.path);
      if (resolved && chunkName(resolved) === name) await follow(resolved);
    }
  }
  return [...later.values()];
}

/** Adds up sizes. */
export function sumSizes(items: readonly Sizes[]): Sizes {
  return items.reduce(
    (sum, item) => ({ raw: sum.raw + item.raw, gzip: sum.gzip + item.gzip, brotli: sum.brotli + item.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

/** The totals the budgets are about. */
export interface FirstLoadTotals {
  /** Every script, counted once. */
  javascript: Sizes;
  stylesheets: Sizes;
  images: Sizes;
  fonts: Sizes;
  /** HTML + everything above (+ anything else referenced): the page's first load. */
  total: Sizes;
}

/** Totals by kind; each asset counts once however many entries reach it. */
export function firstLoadTotals(load: FirstLoad): FirstLoadTotals {
  const ofKind = (kind: AssetKind) => sumSizes(load.assets.filter((asset) => asset.kind === kind));
  return {
    javascript: ofKind('script'),
    stylesheets: ofKind('stylesheet'),
    images: ofKind('image'),
    fonts: ofKind('font'),
    total: sumSizes([load.document, ...load.assets]),
  };
}
