/**
 * `client:afterpaint`: hydrate an island once the page's first paint is on screen and the
 * browser is idle. Astro's `client:idle` fires right after the load event, which on a fast
 * load comes before the first frame is presented, so the islands' code (React among it) was
 * fetched alongside what that frame needs.
 *
 * An island hydrates at once when it receives HYDRATE_NOW_EVENT: a page change sends it to a
 * persisted island (the player) that the visitor left before it hydrated
 * (src/scripts/persisted-islands.ts).
 */
import type { ClientDirective } from 'astro';
import { HYDRATE_NOW_EVENT, whenPaintedAndIdle } from './first-paint.ts';

const afterPaint: ClientDirective = (load, _options, island) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    void load().then((run) => run());
  };
  island.addEventListener(HYDRATE_NOW_EVENT, hydrate, { once: true });
  whenPaintedAndIdle(hydrate);
};

export default afterPaint;
