import { useEffect, useState } from 'react';

/**
 * False in the built HTML and in the render that hydrates it (which must match it, or React
 * refuses it), true from the render right after: for what only the browser may show.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
