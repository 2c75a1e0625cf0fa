/**
 * A persisted island (the player) goes into the next page only once React has hydrated it: Astro
 * hands it the new page's props (fetched here before the swap), and one not hydrated yet would hydrate the old page's markup with
 * them (texts of two languages, React error #418) or be unmounted mid-hydration (#424).
 */
import { HYDRATE_NOW_EVENT } from './first-paint.ts';
import { islandProps, PROPS_FILE_ATTRIBUTE } from './island-props.ts';

const PERSISTED = 'astro-island[data-astro-transition-persist]';

/** The longest a page change waits for an island, should its code never arrive. */
const WAIT_MS = 3000;

/** A persisted island renders `data-hydrated` on its root once its first effect has run (Player.tsx). */
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

// Islands wait for the first paint, so a visitor quick on a flag or a link can leave one before
// it hydrates: the page change asks it to hydrate at once and waits for it while the next page
// loads. The next page's islands get their props before the swap, which hands a carried-over
// island the props of its copy in the next page.
document.addEventListener('astro:before-preparation', (event) => {
  const waiting = [...document.querySelectorAll(PERSISTED)].filter((island) => !hasHydrated(island));
  for (const island of waiting) island.dispatchEvent(new Event(HYDRATE_NOW_EVENT));
  const loadNextPage = event.loader;
  event.loader = async () => {
    const nextPage = (async () => {
      await loadNextPage();
      const islands = event.newDocument.querySelectorAll(`astro-island[${PROPS_FILE_ATTRIBUTE}]`);
      await Promise.all([...islands].map(islandProps));
    })();
    await Promise.all([nextPage, ...waiting.map(hydrated)]);
  };
});

// One still not hydrated (its code never came) is not carried over: it holds nothing worth keeping
// (the audio lives in the player's store), and the new page's own copy takes its place.
document.addEventListener('astro:before-swap', () => {
  for (const island of document.querySelectorAll(PERSISTED)) {
    if (!hasHydrated(island)) island.removeAttribute('data-astro-transition-persist');
  }
});
