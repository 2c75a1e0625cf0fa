/**
 * The budget tests read the production build. Without one they fail and say how to make it,
 * rather than skip: a skipped budget would let `npm run test:unit` pass without checking any.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DIST_DIR = 'dist';

/** Throws, naming the command, when `dist/` holds no build. */
export function requireBuild(): void {
  if (!existsSync(join(DIST_DIR, 'pt.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (`npm test` does)');
  }
}

/** The site's address as the build wrote it (a page's canonical link), for its absolute URLs. */
export function builtSiteUrl(): string {
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(join(DIST_DIR, 'pt.html'), 'utf8'))?.[1];
  if (!canonical) throw new Error(`${DIST_DIR}/pt.html has no canonical link`);
  return new URL(canonical).origin;
}
