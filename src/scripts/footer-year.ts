/** The footer's year (SiteFooter.astro): this year, not the build's. */
// On every page shown, including after in-place page changes.
document.addEventListener('astro:page-load', () => {
  for (const element of document.querySelectorAll('[data-current-year]')) {
    element.textContent = String(new Date().getFullYear());
  }
});
