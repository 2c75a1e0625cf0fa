// The site's own `client:` directives, so `.astro` files that use them typecheck.
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the first paint is on screen and the browser is idle (after-paint-directive.ts). */
    'client:afterpaint'?: boolean;
    /** Hydrate once the island comes into view, as `client:visible` does (in-view-directive.ts). */
    'client:inview'?: boolean;
  }
}

export {};
