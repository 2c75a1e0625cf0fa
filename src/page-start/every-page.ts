/**
 * Runs `setUp` for the page shown now, and again for every page Astro's router shows in its
 * place (`astro:page-load`). The layout's behaviours load after the first page's
 * `astro:page-load` (after-first-paint.ts), so waiting for that event alone would skip it.
 */
export function onEveryPage(setUp: () => void): void {
  setUp();
  document.addEventListener('astro:page-load', setUp);
}
