// @ts-check
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { islandProps } from './src/integrations/island-props.ts';
import { pagePolicy } from './src/integrations/page-policy.ts';
import { stableIslandIds } from './src/integrations/stable-island-ids.ts';
// The site's languages, from the one list the pages, the browser and the server share.
import { DEFAULT_LANG, HTML_LANGS, LANGUAGES } from './src/lib/languages.ts';

/** The public origin comes from the artist's settings, so canonical URLs follow one source. */
const { siteUrl } = JSON.parse(readFileSync(new URL('./content/site.json', import.meta.url), 'utf8'));

/** Any of the site's language codes, as a group of a regular expression. */
const LANG = `(?:${LANGUAGES.join('|')})`;
/**
 * Pages that exist only to redirect or alias another page stay out of the sitemap, and so do
 * the per-language copies of /samebloodscocktail that the server sends at that URL, and the
 * players other sites embed and the pages of the fans' list (never indexed).
 */
const NOT_IN_SITEMAP = new RegExp(
  `^/(?:404|samebloodscocktail(?:\\.${LANG})?|${LANG}/spotify|${LANG}/fans/.+|embed/.+)?$`,
);

/**
 * The site's own directives, each fetching the island's props from their file first
 * (src/page-start/island-props.ts): `client:afterpaint` (after-paint-directive.ts) loads an
 * island once the first paint is seen, `client:inview` (in-view-directive.ts) once it is in view.
 */
const siteDirectives = {
  name: 'site-directives',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      /** @type {[name: string, file: string][]} */
      const directives = [
        ['afterpaint', 'after-paint-directive.ts'],
        ['inview', 'in-view-directive.ts'],
      ];
      for (const [name, file] of directives) {
        addClientDirective({ name, entrypoint: fileURLToPath(new URL(`./src/page-start/${file}`, import.meta.url)) });
      }
    },
  },
};

export default defineConfig({
  site: siteUrl,
  // The tests build a second copy with analytics ids into another folder.
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  // The build's cache (the content store, optimised images) belongs to this folder, not to
  // node_modules: the tests' copies of the project link node_modules and build side by side.
  // A build into another folder keeps a cache of its own: two builds writing one optimised
  // image at once left it empty in one of them.
  cacheDir: process.env.ASTRO_OUT_DIR ? `./.astro/cache-${basename(process.env.ASTRO_OUT_DIR)}` : './.astro/cache',
  // `/pt`, not `/pt/`: pages are written as `pt.html`, `pt/spotify.html`, which static hosts
  // and our server map to clean URLs.
  trailingSlash: 'never',
  // Scoping adds no weight to a component's selectors (`.x:where(.astro-…)`, not the default
  // `.x[data-astro-cid-…]`), so rules weigh as they read: the menu's `.site-menu .menu-social`
  // still outweighs SocialLinks' own `.social-links`. The marks also cost fewer bytes.
  scopedStyleStrategy: 'where',
  build: { format: 'file', inlineStylesheets: 'always' },
  i18n: {
    locales: [...LANGUAGES],
    defaultLocale: DEFAULT_LANG,
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  integrations: [
    siteDirectives,
    react(),
    sitemap({
      filter: (page) => !NOT_IN_SITEMAP.test(new URL(page).pathname),
      i18n: { defaultLocale: DEFAULT_LANG, locales: HTML_LANGS },
    }),
    islandProps(),
    stableIslandIds(),
    pagePolicy(),
  ],
  devToolbar: { enabled: false },
  // Astro declares the hashes of the scripts and styles it emits, and of our own inline scripts
  // (src/components/InlineScript.astro); src/integrations/page-policy.ts hands them to the server.
  security: { csp: true },
  vite: {
    build: {
      // Astro inlines a small page script as an inline `<script type="module">`. When the
      // ClientRouter swaps in a page whose last module script is inline, it appends an empty
      // `data:` module script to learn when the inline ones have run, and the CSP (no `data:`
      // scripts) refuses it. Page scripts therefore stay files (a few hundred bytes, cached);
      // other assets keep Vite's default (undefined: inline under 4 KB).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Each script file costs a request and its headers (about 0.9 KB on the wire, more
            // than many of these modules weigh), so what the islands share comes in few files.
            // Only named helpers are grouped: a group of every shared store and helper took the
            // bundler's module-preload helper with it, and the page's one script before its
            // first paint then imported the whole group.
            groups: [
              {
                // React, its JSX runtime and React DOM: one file every island waits for.
                name: 'react',
                test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/,
              },
              {
                // The islands' shared hooks and dialog, with the stores' React bindings.
                name: 'island-kit',
                test: /[\\/](?:src[\\/]islands|node_modules[\\/]@nanostores[\\/]react)[\\/]/,
                minShareCount: 2,
              },
              {
                // The small modules the layout's behaviours (src/page-start/behaviours.ts) share with the
                // islands, and the site's own small helpers several islands import, in one chunk:
                // split one per module, the browser found each only after the one importing it
                // (script → motion → constants), a round trip each, and paid its headers.
                name: 'site-lib',
                priority: 1,
                test: /[\\/]src[\\/](?:lib[\\/](?:constants|motion|languages|language-choice|api|numbers|video-embed|track-titles|playlist-api)|stores[\\/]player-labels)\.ts$/,
              },
            ],
          },
        },
      },
    },
  },
});
