/**
 * Fetches a page of the site ahead of a click, as Astro's own prefetch does by default: when the
 * pointer rests on a link (80 ms) or it takes the keyboard focus. Never for a visitor who asked
 * to save data or on a 2G connection. A touch or a press is left to the router's own fetch.
 */

/** How long the pointer rests on a link before its page is fetched: passing over it is not enough. */
const HOVER_DELAY_MS = 80;

const fetched = new Set<string>();

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

function slowOrSaving(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '');
}

/** The page a link leads to, when it is another page of this site; else null. */
function pageOf(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link?.href || link.target === '_blank' || link.hasAttribute('download')) return null;
  const url = new URL(link.href);
  if (url.origin !== location.origin) return null;
  url.hash = '';
  return url.pathname === location.pathname && url.search === location.search ? null : url.href;
}

function prefetch(url: string): void {
  if (fetched.has(url)) return;
  fetched.add(url);
  const hint = document.createElement('link');
  hint.rel = 'prefetch';
  hint.href = url;
  document.head.append(hint);
}

export function startPrefetching(): void {
  let resting: ReturnType<typeof setTimeout> | undefined;
  const onHover = (event: Event) => {
    const url = pageOf(event.target);
    clearTimeout(resting);
    if (url && !slowOrSaving()) resting = setTimeout(() => prefetch(url), HOVER_DELAY_MS);
  };
  document.addEventListener('pointerover', onHover, { passive: true });
  document.addEventListener('focusin', onHover, { passive: true });
  document.addEventListener('pointerout', () => clearTimeout(resting), { passive: true });
  document.addEventListener('focusout', () => clearTimeout(resting), { passive: true });
}
