/**
 * `client:afterpaint`: hydrate an island once the page's first paint is on screen and the browser
 * is idle (Astro's `client:idle` can fire before the first frame, fetching the islands' code
 * alongside what that frame needs), or at once on HYDRATE_NOW_EVENT (persisted-islands.ts). Its
 * props come first, from their file (island-props.ts).
 */
import type { ClientDirective } from 'astro';
import { HYDRATE_NOW_EVENT, whenPaintedAndIdle } from './first-paint.ts';
import { hydrateWithProps } from './island-props.ts';

const afterPaint: ClientDirective = (load, _options, island) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    hydrateWithProps(island, load);
  };
  island.addEventListener(HYDRATE_NOW_EVENT, hydrate, { once: true });
  whenPaintedAndIdle(hydrate);
};

export default afterPaint;
