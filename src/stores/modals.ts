/**
 * Which modal or key panel is open, shared by every island: at most one at a time, so
 * opening one hides all others.
 */
import { atom } from 'nanostores';

/** The id of the open modal or key panel, or null. */
export const $openModal = atom<string | null>(null);

/** Opens `id`, closing whichever was open. */
export function openModal(id: string): void {
  $openModal.set(id);
}

/** Closes `id` if it is the one open (a stale close never hides a newer modal). */
export function closeModal(id: string): void {
  if ($openModal.get() === id) $openModal.set(null);
}
