/** The player's texts in one language, for the Player island. */
import type { Translate } from '../i18n/index.ts';
import type { PlayerLabels } from '../lib/player-labels.ts';

const KEYS = [
  'region',
  'status_initial',
  'empty',
  'nowPlaying',
  'buffering',
  'previous',
  'next',
  'play',
  'pause',
  'volumeDown',
  'volumeUp',
  'volume',
  'progress',
  'tracklist',
  'playlistLabel',
] as const;

/** The labels that name a playlist: they keep their placeholder for the island to fill. */
const WITH_NAME = ['status_loading', 'status_offer', 'playPlaylist'] as const;

/** Translates every label. */
export function playerLabels(t: Translate): PlayerLabels {
  const labels = Object.fromEntries(KEYS.map((key) => [key, t(`player:${key}`)])) as Omit<
    PlayerLabels,
    (typeof WITH_NAME)[number] | 'progressValue'
  >;
  const withName = Object.fromEntries(WITH_NAME.map((key) => [key, t(`player:${key}`, { name: '{{name}}' })])) as Pick<
    PlayerLabels,
    (typeof WITH_NAME)[number]
  >;
  // The progress bar's value keeps its placeholders too: the island fills in the times.
  const progressValue = t('player:progressValue', { current: '{{current}}', total: '{{total}}' });
  return { ...labels, ...withName, progressValue };
}
