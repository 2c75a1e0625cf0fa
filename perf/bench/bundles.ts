/**
 * The JavaScript and CSS each measured page ships, raw, gzip and brotli, broken down by who
 * brings it: each React island (its chunk and the chunks only it imports), the React runtime
 * every island shares, the chunks several islands or scripts share, the page scripts and the
 * stylesheets.
 */
import {
  chunkName,
  firstLoadTotals,
  loadedLater,
  readFirstLoad,
  sumSizes,
  type Entry,
  type FirstLoad,
  type FirstLoadTotals,
  type Sizes,
} from './first-load.ts';
import { BUDGETS } from './budgets.ts';
import { isEmbedPath } from '../../src/lib/embeds.ts';

/** The embeddable player page the benchmark measures beside the site's pages (its own budget). */
export const EMBED_PAGE = '/embed/cocktail-n1';

/** The first-load JavaScript budget of a measured page: the embed's, or every other page's. */
export function javascriptBudget(page: string) {
  return isEmbedPath(page) ? BUDGETS.embedJavascriptGzip : BUDGETS.javascriptGzip;
}

/** The chunk of the site's own counts (src/lib/numbers-page.ts), loaded after the first paint. */
const COUNTS_CHUNK = 'numbers-page';

/** Chunks of React and Astro's React renderer, which every island needs. */
const RUNTIME_CHUNK = /^(client|react|react-dom|jsx-runtime|rolldown-runtime|scheduler)$/;

export interface BundleGroup {
  /** `KeyboardHero (island, idle)`, `React runtime`, `shared chunks`, `ClientRouter (script)`. */
  label: string;
  files: string[];
  sizes: Sizes;
}

export interface PageBundles {
  page: string;
  document: Sizes;
  groups: BundleGroup[];
  totals: FirstLoadTotals;
  /** Other hosts the HTML points at (none, as the site is built), not counted. */
  external: number;
  /** Every asset, for results.json. */
  assets: FirstLoad['assets'];
}

function entryLabel(entry: Entry): string {
  if (entry.kind === 'island') return `${entry.name} (island, ${entry.hydrate ?? 'load'})`;
  if (entry.kind === 'stylesheet') return `${entry.name}.css (stylesheet)`;
  return `${entry.name} (${entry.kind})`;
}

/** Groups a page's scripts and stylesheets by the island or script that brings them. */
export function groupBundles(load: FirstLoad): BundleGroup[] {
  const groups = new Map<string, string[]>();
  const put = (label: string, path: string) => groups.set(label, [...(groups.get(label) ?? []), path]);
  for (const asset of load.assets) {
    if (asset.kind !== 'script' && asset.kind !== 'stylesheet') continue;
    const name = chunkName(asset.path);
    const owners = load.entries.filter((entry) => entry.closure.includes(asset.path));
    const [owner] = owners;
    if (RUNTIME_CHUNK.test(name)) put('React runtime (shared)', asset.path);
    else if (owners.length === 1 && owner) put(entryLabel(owner), asset.path);
    else put('shared chunks', asset.path);
  }
  const byPath = new Map(load.assets.map((asset) => [asset.path, asset]));
  return [...groups].map(([label, files]) => ({
    label,
    files,
    sizes: sumSizes(files.flatMap((file) => byPath.get(file) ?? [])),
  }));
}

/** Reads the bundles of the given pages from dist/. */
export async function measureBundles(distDir: string, pages: readonly string[]): Promise<PageBundles[]> {
  return Promise.all(
    pages.map(async (page) => {
      const load = await readFirstLoad(distDir, page);
      // Not in the first load, but bytes every page fetches once it is on screen: shown beside it.
      const counts = await loadedLater(distDir, load, COUNTS_CHUNK);
      const later: BundleGroup[] =
        counts.length > 0
          ? [
              {
                label: "the site's own counts (after the first paint, not in the first load)",
                files: counts.map((asset) => asset.path),
                sizes: sumSizes(counts),
              },
            ]
          : [];
      return {
        page,
        document: load.document,
        groups: [...groupBundles(load), ...later],
        totals: firstLoadTotals(load),
        external: load.external.length,
        assets: load.assets,
      };
    }),
  );
}
