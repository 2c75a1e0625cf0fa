import { useStore, type UseStoreOptions } from '@nanostores/react';
import type { Store, StoreValue } from 'nanostores';

/**
 * A store the islands share, read the way an island must: the render that hydrates the built
 * HTML sees the store's initial value, which that HTML was made from, and the next render its
 * current one. A key pressed before another island has hydrated changes the store meanwhile;
 * read as is, React would find the HTML wrong (its error 418) and draw the island anew.
 */
export function useSharedStore<SomeStore extends Store>(
  store: SomeStore,
  keys?: UseStoreOptions<SomeStore>['keys'],
): StoreValue<SomeStore> {
  return useStore(store, { ...(keys && { keys }), ssr: 'initial' });
}
