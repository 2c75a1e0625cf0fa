/**
 * The embeddable player loads inside other sites' pages: its first-load JavaScript stays under
 * its own budget, counted by the benchmark's module as `npm run bench` counts it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../../perf/bench/budgets.ts';
import { EMBED_PAGE } from '../../../perf/bench/bundles.ts';
import { firstLoadTotals, readFirstLoad } from '../../../perf/bench/first-load.ts';
import { bytes } from '../../../perf/bench/format.ts';
import { DIST_DIR, requireBuild } from './built-site.ts';

describe('the embed page', () => {
  beforeAll(requireBuild);

  it('ships under 30 KB of JavaScript, gzipped, and no island or router', async () => {
    const load = await readFirstLoad(DIST_DIR, EMBED_PAGE);
    const { javascript } = firstLoadTotals(load);
    expect(javascript.gzip, `${EMBED_PAGE}: ${bytes(javascript.gzip)}`).toBeLessThan(BUDGETS.embedJavascriptGzip.limit);
    expect(javascript.gzip).toBeGreaterThan(0);
    expect(load.entries.filter((entry) => entry.kind === 'island')).toEqual([]);
  });
});
