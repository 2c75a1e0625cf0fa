/**
 * Makes the built pages the same bytes wherever the repository is checked out: Astro's island
 * ids hash the component's absolute path, which nothing in a build reads, so each is replaced by
 * a hash of the island's own markup.
 */
import { createHash } from 'node:crypto';
import type { AstroIntegration } from 'astro';
import { rewriteBuiltPages } from './built-pages.ts';

const ISLAND_OPENING_TAG = /<astro-island uid="[^"]*"([^>]*)>/g;

/** The HTML with every island's `uid` derived from the rest of its opening tag. */
export function withStableIslandIds(html: string): string {
  return html.replace(ISLAND_OPENING_TAG, (_tag, rest: string) => {
    const uid = createHash('sha256').update(rest).digest('base64url').slice(0, 7);
    return `<astro-island uid="${uid}"${rest}>`;
  });
}

/** The integration: rewrites the ids in every HTML file of the build once it is written. */
export function stableIslandIds(): AstroIntegration {
  return {
    name: 'stable-island-ids',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await rewriteBuiltPages(dir, withStableIslandIds);
      },
    },
  };
}
