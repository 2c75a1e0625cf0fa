/**
 * The site the server serves right now: one build folder's pages in memory, its CSP and its
 * folder for the other files, held together so that a publish replaces them in one step.
 * Every request reads `current` once and finishes on that site, whatever is switched meanwhile.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES, type Lang } from '../../../src/lib/languages.ts';
import { parseReleaseMoments, RELEASE_MOMENTS_FILE, type DatedRelease } from '../../../src/lib/withheld-music.ts';
import { cspDirectives, cspHeader, type CspInput } from './csp.ts';
import { loadPages, type StoredPage } from './page-store.ts';
import { scanSitePages } from './site-pages.ts';

/** A page at its clean URL: one file for everyone, or one per language chosen per visitor. */
export type SitePage = { shared: StoredPage } | { perLanguage: Record<Lang, StoredPage> };

export interface ServedSite {
  /** The build folder the other files are served from. */
  dir: string;
  /** Clean URL path to its page. */
  pages: Map<string, SitePage>;
  /** The page sent with a 404, when the build has one. */
  notFound: StoredPage | undefined;
  /** The Content-Security-Policy of its pages (their inline scripts' and styles' hashes). */
  pageCsp: string;
  /** Its releases with a moment: their music is held back until then. */
  datedReleases: DatedRelease[];
}

/** What the CSP takes from the configuration rather than from the build. */
export type CspContext = Omit<CspInput, 'scriptHashes' | 'styleHashes' | 'analytics'>;

const NOT_FOUND_FILE = '404.html';

/** Reads a build folder into memory. Fails clearly when it holds no site. */
export async function loadServedSite(dir: string, context: CspContext = {}): Promise<ServedSite> {
  const scan = await scanSitePages(dir);
  const variantFiles = [...scan.variants.values()].flatMap((files) => Object.values(files));
  const store = await loadPages(dir, [...scan.pages.values(), ...variantFiles, NOT_FOUND_FILE]);
  const pages = new Map<string, SitePage>();
  for (const [path, file] of scan.pages) {
    const page = store.get(file);
    if (!page) continue;
    const languageFiles = scan.variants.get(path);
    if (!languageFiles) {
      pages.set(path, { shared: page });
      continue;
    }
    // The page in the visitor's language at its one URL; a language the build did not write
    // gets the page itself.
    const perLanguage = Object.fromEntries(
      LANGUAGES.map((lang) => {
        const languageFile = languageFiles[lang];
        return [lang, (languageFile ? store.get(languageFile) : undefined) ?? page];
      }),
    ) as Record<Lang, StoredPage>;
    pages.set(path, { perLanguage });
  }
  const pageCsp = cspHeader(cspDirectives({ ...scan, ...context }));
  // A build made before releases had moments has no such file: then nothing is held back.
  const datedReleases = parseReleaseMoments(await readFile(join(dir, RELEASE_MOMENTS_FILE), 'utf8').catch(() => ''));
  return { dir, pages, notFound: store.get(NOT_FOUND_FILE), pageCsp, datedReleases };
}

/** The site being served, replaced whole by `install`. */
export interface CurrentSite {
  readonly current: ServedSite;
  /**
   * The folder of a site served before `current`, still on disk, that holds the file at the URL
   * path `path`, the newest first: a page loaded before a publish still asks for its own
   * build's hashed files (an island's code, its props) as it is used. Only folders are kept,
   * not those sites' pages in memory.
   */
  earlierDirHolding: (path: string) => Promise<string | undefined>;
  /** Serves this site from the next request on. */
  install: (site: ServedSite) => void;
  /** Calls `listener` after each site installed from now on. */
  onInstall: (listener: () => void) => void;
}

/** A URL path as a path inside a site's folder, or null for one that could leave it. */
function filePathOf(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const segments = decoded.split(/[/\\]/);
  return segments.some((segment) => segment === '..' || segment === '.') || decoded.includes('\0') ? null : decoded;
}

/**
 * Holds the served site, starting with `first`; `earlierDirs` lists, for the folder served, the
 * folders of the sites served before it.
 */
export function holdSite(first: ServedSite, earlierDirs: (currentDir: string) => Promise<string[]>): CurrentSite {
  let current = first;
  const listeners: (() => void)[] = [];
  return {
    get current() {
      return current;
    },
    earlierDirHolding: async (path) => {
      const relative = filePathOf(path);
      if (relative === null) return undefined;
      for (const dir of await earlierDirs(current.dir)) {
        if ((await stat(join(dir, relative)).catch(() => null))?.isFile()) return dir;
      }
      return undefined;
    },
    install: (site) => {
      current = site;
      for (const listener of listeners) listener();
    },
    onInstall: (listener) => {
      listeners.push(listener);
    },
  };
}
