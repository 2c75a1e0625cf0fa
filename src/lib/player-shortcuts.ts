/**
 * The player's keyboard shortcuts: which key does what, and when a key is left to the page (a
 * text field, a control that uses it, a modifier held). Pure, so the matching is unit-tested;
 * the island reads the event and its target into a `KeyPress`.
 */

export type ShortcutAction =
  'toggle' | 'back5' | 'forward5' | 'back10' | 'forward10' | 'next' | 'previous' | 'mute' | 'help';

/**
 * Where the key was pressed: in text (a text field, select, contenteditable: every key is
 * typing), on a control (a button, link, slider, ...: it has its own Space and arrows), on the
 * player's seek bar (its arrows move it, so Space may toggle), or anywhere else.
 */
export type KeyTarget = 'text' | 'control' | 'seek' | 'other';

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: KeyTarget;
  /** The page scrolls: Space is then the page's own (scrolling down). */
  pageScrolls: boolean;
}

/** How far the arrows and j/l seek, in seconds. */
export const SHORT_SEEK_SECONDS = 5;
export const LONG_SEEK_SECONDS = 10;

/** The shortcuts as the help lists them: each action's keys as shown. */
export const SHORTCUT_LIST: readonly { action: ShortcutAction; keys: readonly string[] }[] = [
  { action: 'toggle', keys: ['K', 'Space'] },
  { action: 'back5', keys: ['←'] },
  { action: 'forward5', keys: ['→'] },
  { action: 'back10', keys: ['J'] },
  { action: 'forward10', keys: ['L'] },
  { action: 'previous', keys: ['Shift+P'] },
  { action: 'next', keys: ['Shift+N'] },
  { action: 'mute', keys: ['M'] },
  { action: 'help', keys: ['?'] },
];

/**
 * Keys that act wherever the focus is but in text: letters and `?` mean nothing to a control.
 * Maps, so a key named like an object's own property (`valueOf`) is no shortcut.
 */
const LETTERS = new Map<string, ShortcutAction>([
  ['k', 'toggle'],
  ['j', 'back10'],
  ['l', 'forward10'],
  ['m', 'mute'],
]);
const SHIFTED_LETTERS = new Map<string, ShortcutAction>([
  ['n', 'next'],
  ['p', 'previous'],
]);
const ARROWS = new Map<string, ShortcutAction>([
  ['ArrowLeft', 'back5'],
  ['ArrowRight', 'forward5'],
]);

/** The action a key press asks of the player, or null when the key belongs to the page. */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.altKey || press.metaKey || press.target === 'text') return null;
  const { key } = press;
  // `?` is Shift and a key on most layouts, so Shift is expected with it.
  if (key === '?') return 'help';
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (press.shiftKey) return SHIFTED_LETTERS.get(lower) ?? null;
  const letter = LETTERS.get(lower);
  if (letter) return letter;
  if (key === ' ' || key === 'Spacebar') {
    return press.target === 'seek' || (press.target === 'other' && !press.pageScrolls) ? 'toggle' : null;
  }
  const arrow = ARROWS.get(key);
  return arrow && press.target === 'other' ? arrow : null;
}

/** The seconds an action moves the playhead by (negative: back), or 0 for others. */
export function seekOffset(action: ShortcutAction): number {
  switch (action) {
    case 'back5':
      return -SHORT_SEEK_SECONDS;
    case 'forward5':
      return SHORT_SEEK_SECONDS;
    case 'back10':
      return -LONG_SEEK_SECONDS;
    case 'forward10':
      return LONG_SEEK_SECONDS;
    default:
      return 0;
  }
}
