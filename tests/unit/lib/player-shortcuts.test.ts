import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  seekOffset,
  SHORTCUT_LIST,
  shortcutFor,
  type KeyPress,
  type KeyTarget,
} from '../../../src/lib/player-shortcuts.ts';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  target: 'other',
  pageScrolls: false,
  ...more,
});

describe('shortcutFor', () => {
  it('maps each listed key', () => {
    expect(shortcutFor(press('k'))).toBe('toggle');
    expect(shortcutFor(press('K'))).toBe('toggle');
    expect(shortcutFor(press(' '))).toBe('toggle');
    expect(shortcutFor(press('ArrowLeft'))).toBe('back5');
    expect(shortcutFor(press('ArrowRight'))).toBe('forward5');
    expect(shortcutFor(press('j'))).toBe('back10');
    expect(shortcutFor(press('l'))).toBe('forward10');
    expect(shortcutFor(press('N', { shiftKey: true }))).toBe('next');
    expect(shortcutFor(press('P', { shiftKey: true }))).toBe('previous');
    expect(shortcutFor(press('m'))).toBe('mute');
    expect(shortcutFor(press('?', { shiftKey: true }))).toBe('help');
  });

  it('n and p without Shift, and k with Shift, are not shortcuts', () => {
    expect(shortcutFor(press('n'))).toBeNull();
    expect(shortcutFor(press('p'))).toBeNull();
    expect(shortcutFor(press('K', { shiftKey: true }))).toBeNull();
  });

  it('leaves Space to a page that scrolls and to controls, but takes it on the seek bar', () => {
    expect(shortcutFor(press(' ', { pageScrolls: true }))).toBeNull();
    expect(shortcutFor(press(' ', { target: 'control' }))).toBeNull();
    expect(shortcutFor(press(' ', { target: 'seek', pageScrolls: true }))).toBe('toggle');
  });

  it('leaves the arrows to controls and to the seek bar, which move by themselves', () => {
    expect(shortcutFor(press('ArrowLeft', { target: 'control' }))).toBeNull();
    expect(shortcutFor(press('ArrowRight', { target: 'seek' }))).toBeNull();
    expect(shortcutFor(press('k', { target: 'control' }))).toBe('toggle');
  });

  it('knows no key named like an object’s own property', () => {
    for (const key of ['valueOf', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const shiftKey of [false, true]) expect(shortcutFor(press(key, { shiftKey, target: 'other' }))).toBeNull();
    }
  });

  it('never acts in text or with Ctrl, Alt or Meta held, whatever the key', () => {
    const targets: KeyTarget[] = ['text', 'control', 'seek', 'other'];
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.record({ shiftKey: fc.boolean(), ctrlKey: fc.boolean(), altKey: fc.boolean(), metaKey: fc.boolean() }),
        fc.constantFrom(...targets),
        fc.boolean(),
        (key, modifiers, target, pageScrolls) => {
          const action = shortcutFor({ key, ...modifiers, target, pageScrolls });
          if (target === 'text' || modifiers.ctrlKey || modifiers.altKey || modifiers.metaKey) {
            expect(action).toBeNull();
          }
          if (action) expect(SHORTCUT_LIST.map((item) => item.action)).toContain(action);
        },
      ),
    );
  });

  it('seeks 5 and 10 seconds each way', () => {
    expect(['back5', 'forward5', 'back10', 'forward10', 'mute'].map((action) => seekOffset(action as never))).toEqual([
      -5, 5, -10, 10, 0,
    ]);
  });
});
