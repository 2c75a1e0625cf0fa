/**
 * The player's texts chosen in the browser, replacing those the page was built with. Only the
 * landing page without a language in its path sets it: its HTML is in one language and its
 * own script switches every text to the visitor's (saved choice, then browser language).
 * Kept apart from the player store so that script loads nothing of the player itself.
 */
import { atom } from 'nanostores';
import type { PlayerLabels } from '../lib/player-labels.ts';

/** null: the labels the page gave the island. */
export const $playerLabelsOverride = atom<PlayerLabels | null>(null);
