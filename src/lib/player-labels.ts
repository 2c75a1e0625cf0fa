/**
 * The player's texts, translated by the page: one for each message of the `player` namespace,
 * so the messages are the one list of them. A few keep placeholders the island fills in: the
 * playlist's `{{name}}` (status_loading, status_offer, playPlaylist) and the progress bar's
 * spoken `{{current}} of {{total}}` (progressValue).
 */
import type messages from '../i18n/locales/en/player.json';

export type PlayerLabels = Record<keyof typeof messages, string>;
