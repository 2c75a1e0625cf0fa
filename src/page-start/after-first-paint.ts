/**
 * The layout's one page script, the only one a page fetches before its first paint. Once that
 * paint is on screen it loads the title face; once the page has also loaded, it brings in the
 * layout's behaviours, the router, the site's own counts and analytics (where the build has it),
 * then marks `<html data-enhanced>`. The whole sequence is told in this folder's README.
 */
import { afterFirstPaint, whenPaintedAndIdle } from './first-paint.ts';
import './landing-top.ts';
import { loadTitleFace } from './title-face.ts';

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

// The headings' face first, without waiting for the browser to be idle: it is seen at once.
afterFirstPaint(loadTitleFace);

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
