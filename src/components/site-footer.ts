/** The footer's year (SiteFooter.astro): this year, not the build's. */
import { onEveryPage } from '../page-start/every-page.ts';

onEveryPage(() => {
  for (const element of document.querySelectorAll('[data-current-year]')) {
    element.textContent = String(new Date().getFullYear());
  }
});
