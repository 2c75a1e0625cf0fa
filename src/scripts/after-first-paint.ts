/**
 * The layout's one page script, kept small: everything else a page runs outside its islands
 * waits for its first paint and its load, so that before that paint a page fetches only its
 * HTML, its title face and this file (Lighthouse counts every request before the largest paint).
 */
import { whenPaintedAndIdle } from '../lib/first-paint.ts';
import './landing-top.ts';

/**
 * The window's load event, which waits for this module script. There the first page gets its
 * `astro:page-load`, as Astro's router sends it (landing-top.ts and the language-less landing
 * page's script listen for it); the router is loaded after that, so it never sends it again.
 */
const loaded = new Promise<void>((resolve) => {
  addEventListener(
    'load',
    () => {
      document.dispatchEvent(new Event('astro:page-load'));
      resolve();
    },
    { once: true },
  );
});

/** Marks the page as fully interactive; the router replaces `<html>`'s attributes on each page. */
function markEnhanced(): void {
  document.documentElement.dataset['enhanced'] = '';
}

// In this order: the flags', menu's and footer's behaviours, with the guard the persisted player
// needs on a page change, which must listen before the router runs (site.ts); Astro's router
// (page-router.ts); analytics on a build that has it. Each sets itself up for this page and for
// every page the router shows. A link followed before then is an ordinary page load.
whenPaintedAndIdle(() => {
  void (async () => {
    await loaded;
    await import('./site.ts');
    await import('./page-router.ts');
    if (document.querySelector('[data-analytics]')) await import('../lib/analytics-page.ts');
    markEnhanced();
    document.addEventListener('astro:after-swap', markEnhanced);
  })();
});
