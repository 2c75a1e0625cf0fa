/**
 * A persisted island (the player) goes into the next page only once React has hydrated it.
 *
 * Astro moves such an island into the new page and hands it the new page's props. One not
 * hydrated yet would then hydrate the old page's markup with them, and React would find texts
 * of two languages (error #418); one whose hydration is under way would receive the new props,
 * or be unmounted, before it finished (#424). Islands wait for the first paint
 * (client:afterpaint), so a visitor quick on a flag or a link meets these cases.
 *
 * So a page change asks such an island to hydrate at once and waits for it while the next page
 * loads. Should it not be done by the swap (its code never came), the island is not carried
 * over: it holds nothing worth keeping (the audio lives in the player's store, not in its
 * markup), and the new page's own copy takes its place.
 *
 * A persisted island says it has hydrated with `data-hydrated` on its root element, which it
 * renders once its first effect has run (see Player.tsx).
 */
import { HYDRATE_NOW_EVENT } from './first-paint.ts';

const PERSISTED = 'astro-island[data-astro-transition-persist]';

/** The longest a page change waits for an island, should its code never arrive. */
const WAIT_MS = 3000;

const hasHydrated = (island: Element) => island.querySelector('[data-hydrated]') !== null;

/** Resolves once `island` has hydrated, or after WAIT_MS. */
function hydrated(island: Element): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (hasHydrated(island)) done();
    });
    const timer = setTimeout(done, WAIT_MS);
    observer.observe(island, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true, childList: true });
    if (hasHydrated(island)) done();
  });
}

document.addEventListener('astro:before-preparation', (event) => {
  const waiting = [...document.querySelectorAll(PERSISTED)].filter((island) => !hasHydrated(island));
  if (waiting.length === 0) return;
  for (const island of waiting) island.dispatchEvent(new Event(HYDRATE_NOW_EVENT));
  const loadNextPage = event.loader;
  event.loader = async () => {
    await Promise.all([loadNextPage(), ...waiting.map(hydrated)]);
  };
});

document.addEventListener('astro:before-swap', () => {
  for (const island of document.querySelectorAll(PERSISTED)) {
    if (!hasHydrated(island)) island.removeAttribute('data-astro-transition-persist');
  }
});
