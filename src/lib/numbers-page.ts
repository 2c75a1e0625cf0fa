/**
 * The page side of the site's own counts: each page shown (the first and every in-place
 * navigation), each platform button clicked where clicks are counted (`data-counted-from`: a
 * release's slug, or the landing page), and the page's LCP, INP and CLS. Loaded after the first
 * paint (src/page-start/after-first-paint.ts), so it never delays a page.
 */
import { countEvent } from './numbers.ts';
import { VITALS, type Vital } from './numbers-events.ts';
import { reportWebVitals, type VitalsMetric } from './web-vitals-report.ts';

/** The page's path as the server names its pages: no trailing slash. */
const pagePath = () => location.pathname.replace(/(.)\/+$/, '$1');

/** The page the visit opened on: where the vitals were measured (the router does not measure the next ones). */
const firstPage = pagePath();

const isVital = (name: string): name is Vital => (VITALS as readonly string[]).includes(name);

function countView(): void {
  countEvent({ type: 'view', path: pagePath(), lang: document.documentElement.lang.slice(0, 2) });
}

function countVital(metric: VitalsMetric): void {
  if (!isVital(metric.name)) return;
  // Milliseconds as whole numbers; CLS is a small fraction.
  const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  countEvent({ type: 'vital', path: firstPage, metric: metric.name, value });
}

// This module loads after the first page's `astro:page-load`: the page it finds, then every
// in-place navigation.
countView();
document.addEventListener('astro:page-load', countView);

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest<HTMLElement>('[data-counted-from] a');
  const from = link?.closest<HTMLElement>('[data-counted-from]')?.dataset['countedFrom'];
  const platform = link?.dataset['platform'] ?? link?.dataset['social'];
  if (from && platform) countEvent({ type: 'click', from, platform });
});

reportWebVitals(countVital);
