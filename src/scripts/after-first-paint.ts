/**
 * The layout's one page script, kept small: everything else a page runs outside its islands
 * waits until its first paint is on screen and the page has loaded (src/lib/first-paint.ts),
 * so that before that paint a page fetches only its HTML, its title face and this file. Each
 * request a page starts before its largest paint counts in Lighthouse's simulation of it.
 *
 * Then, in this order:
 * 1. the behaviours of the flags, the menu and the footer, and the guard that a page change
 *    needs for the persisted player (site.ts), so that guard listens before the router runs;
 * 2. Astro's router for in-place page changes (page-router.ts; PageRouter.astro writes the
 *    tags it reads);
 * 3. analytics, on a build that has it (components/Analytics.astro renders its consent choice).
 * Each sets itself up for the page it finds, and again for every page the router shows
 * (`astro:page-load`). Then `<html data-enhanced>` says the page is fully interactive.
 *
 * A link followed before then is an ordinary page load, which is all the router adds to a page
 * whose player has not hydrated yet.
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
