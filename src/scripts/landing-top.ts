/**
 * The landing page always opens at its top, even on a reload, on the first load and on every
 * page the router shows in place. Imported by the layout's early script, so it listens before the first page's `astro:page-load`.
 */
document.addEventListener('astro:page-load', () => {
  if (!document.body.classList.contains('landing')) return;
  history.scrollRestoration = 'manual';
  window.scrollTo(0, 0);
});
