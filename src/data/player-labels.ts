/** The player's texts in one language, for the Player island. */
import type { TFunction } from 'i18next';
import type { PlayerLabels } from '../islands/Player.tsx';

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

/** Translates every label; the loading status keeps its placeholder for the island to fill. */
export function playerLabels(t: TFunction): PlayerLabels {
  const labels = Object.fromEntries(KEYS.map((key) => [key, t(`player:${key}`)])) as Omit<PlayerLabels, 'status_loading'>;
  return { ...labels, status_loading: t('player:status_loading', { name: '{{name}}' }) };
}
