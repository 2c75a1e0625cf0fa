/**
 * The page's Web Vitals, for the site's own counts and for analytics alike. A module of its
 * own, so a build without analytics ids never loads the analytics module (which holds the tag's
 * address) just to measure the page.
 */

/** A web-vitals metric as the callback receives it. */
export interface VitalsMetric {
  name: string;
  value: number;
  id: string;
  rating?: string;
}

/**
 * Loads `web-vitals` once the page is idle and reports LCP, INP, CLS, FCP and TTFB to the
 * callback. Without a callback nothing is loaded at all.
 */
export function reportWebVitals(callback?: (metric: VitalsMetric) => void): void {
  if (!callback) return;
  const load = () => {
    void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(callback);
    });
  };
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}
