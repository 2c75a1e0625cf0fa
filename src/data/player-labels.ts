/** The player's texts in one language, for the Player island. */
import type { Translate } from '../i18n/index.ts';
import messages from '../i18n/locales/en/player.json';
import type { PlayerLabels } from '../lib/player-labels.ts';

const KEYS = Object.keys(messages) as (keyof PlayerLabels)[];

/** The placeholders the island fills in itself (the playlist's name, the times): kept as they are. */
const KEPT_PLACEHOLDERS = { name: '{{name}}', current: '{{current}}', total: '{{total}}' };

/** Translates every label. */
export function playerLabels(t: Translate): PlayerLabels {
  return Object.fromEntries(KEYS.map((key) => [key, t(`player:${key}`, KEPT_PLACEHOLDERS)])) as PlayerLabels;
}
