/** The menu's behaviour (SiteMenu.astro): the top bar's height for anchors, and its scroll arrows. */
import { SCROLL_STEP_PX } from '../lib/constants.ts';
import { scrollBehavior } from '../lib/motion.ts';
import { onEveryPage } from '../page-start/every-page.ts';

// Anchored sections must land below the sticky top bar, whose height depends on the
// screen and the language: measure it. The padding is set on <html> itself, not through an
// inherited custom property, so a change restyles one element instead of the whole page.
const SECTION_GAP_PX = 16;
const root = document.documentElement.style;
function fitScrollPadding(bar: HTMLElement): void {
  // Not sticky (the vertical menu on extra-large screens): the stylesheet's padding applies.
  const padding = getComputedStyle(bar).position === 'sticky' ? `${bar.offsetHeight + SECTION_GAP_PX}px` : '';
  if (root.scrollPaddingTop !== padding) root.scrollPaddingTop = padding;
}
const bars = new ResizeObserver(([entry]) => {
  if (entry?.target instanceof HTMLElement) fitScrollPadding(entry.target);
});
onEveryPage(() => {
  bars.disconnect();
  const bar = document.querySelector<HTMLElement>('[data-site-menu]');
  if (!bar) {
    root.scrollPaddingTop = '';
    return;
  }
  // At once as well: the observer first reports at the next frame, and an entry tapped
  // before it would land under the bar (until then, the stylesheet's padding is the bar's
  // least height).
  fitScrollPadding(bar);
  bars.observe(bar);
});

// Delegated from the document, so it keeps working after in-place page changes.
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLElement>('[data-menu-scroll]');
  if (!button) return;
  const direction = Number(button.dataset['menuScroll']);
  const track = document.querySelector<HTMLElement>('[data-menu-track]');
  track?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: scrollBehavior() });
});
