/**
 * The layout's one page script, the only one a page fetches before its first paint. Once that
 * paint is on screen and the page has loaded, it brings in the layout's behaviours, the router,
 * the site's own counts and analytics (where the build has it), then marks
 * `<html data-enhanced>`. The whole sequence is told in this folder's README.
 */
import { whenPaintedAndIdle } from './first-paint.ts';
import './landing-top.ts';

/**
 * The window's load event, which waits for this module script. There the first page gets its
 * `astro:page-load`, as Astro's router sends it; the router is loaded after that, so it never
 * sends it again for this page.
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
    await import('./behaviours.ts');
    await import('./router.ts');
    await import('../lib/numbers-page.ts');
    if (document.querySelector('[data-analytics]')) await import('../lib/analytics-page.ts');
    markEnhanced();
    document.addEventListener('astro:after-swap', markEnhanced);
  })();
});
