/**
 * The landing page always opens at its top, even on a reload, on the first load and on every
 * page the router shows in place. The router keeps each history entry's scroll position and
 * restores it when it starts, so that position is reset too, not only the window's.
 */
document.addEventListener('astro:page-load', () => {
  if (!document.body.classList.contains('landing')) return;
  history.scrollRestoration = 'manual';
  if (history.state) history.replaceState({ ...history.state, scrollX: 0, scrollY: 0 }, '');
  window.scrollTo(0, 0);
});
