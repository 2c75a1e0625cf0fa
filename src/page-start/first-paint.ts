/**
 * Waiting until the page's first paint is on screen before loading what can wait: whatever a
 * phone fetches before it competes with what that paint needs: the HTML.
 */

/** Sent to an island waiting for the first paint to have it hydrate at once (client:afterpaint). */
export const HYDRATE_NOW_EVENT = 'site:hydrate-now';

/** How long to wait at most, for a browser that paints but never reports it. */
export const FIRST_PAINT_FALLBACK_MS = 5000;

function firstContentfulPaintSeen(): boolean {
  return performance.getEntriesByName('first-contentful-paint', 'paint').length > 0;
}

/** Calls `run` once, as soon as the first contentful paint has been presented (at once if it has). */
export function afterFirstPaint(run: () => void): void {
  // A page shown by an in-place page change: the document painted long ago.
  if (firstContentfulPaintSeen()) {
    run();
    return;
  }
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(once, FIRST_PAINT_FALLBACK_MS);
  if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
    // The entry is queued once the frame is presented, not when it is painted: later, and what
    // the visitor (and the LCP metric) sees.
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // No paint timing (older Safari): the load event is the nearest sign.
    if (document.readyState === 'complete') once();
    else addEventListener('load', once, { once: true });
  }
}

/** `afterFirstPaint`, then the browser's next idle moment (what Astro's `client:idle` waits for). */
export function whenPaintedAndIdle(run: () => void): void {
  afterFirstPaint(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 1);
  });
}
