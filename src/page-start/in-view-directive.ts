/**
 * `client:inview`: Astro's `client:visible` (hydrate once a part of the island comes into the
 * viewport), with the island's props fetched first from their file (island-props.ts).
 */
import type { ClientDirective } from 'astro';
import { hydrateWithProps } from './island-props.ts';

const inView: ClientDirective = (load, _options, island) => {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    hydrateWithProps(island, load);
  });
  for (const child of island.children) observer.observe(child);
};

export default inView;
