import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
}

/**
 * Whether the browser has a network, as it says (`navigator.onLine`); true in the built HTML. It
 * can be online and still unable to reach a server: false is the one answer to trust.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
