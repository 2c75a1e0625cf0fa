import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept current. The server (build) renders the desktop
 * layout (`false`); React switches after hydration without a mismatch.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}
