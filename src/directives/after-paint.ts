/**
 * `client:afterpaint`: hydrate an island once the page's first paint is on screen and the
 * browser is idle. Astro's `client:idle` fires right after the load event, which on a fast
 * load comes before the first frame is presented, so the islands' code (React among it) was
 * fetched alongside what that frame needs.
 */
import type { ClientDirective } from 'astro';
import { whenPaintedAndIdle } from '../lib/first-paint.ts';

const afterPaint: ClientDirective = (load) => {
  whenPaintedAndIdle(() => {
    void load().then((hydrate) => hydrate());
  });
};

export default afterPaint;
