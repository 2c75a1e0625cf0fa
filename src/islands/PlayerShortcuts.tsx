/**
 * The player's keyboard shortcuts, listened for on the whole document (the player crosses page
 * changes, so one listener serves every page), and `?`'s help listing them in the site's modal.
 * Keys typed in a field, keys a focused control uses and keys with a modifier are left alone
 * (lib/player-shortcuts.ts decides). Muting is announced: nothing on screen says so otherwise.
 */
import { useEffect, useState } from 'react';
import type { PlayerLabels } from '../lib/player-labels.ts';
import {
  SHORTCUT_LIST,
  seekOffset,
  shortcutFor,
  type KeyTarget,
  type ShortcutAction,
} from '../lib/player-shortcuts.ts';
import { openModal } from '../stores/modals.ts';
import { getPlayer, nextTrack, previousTrack, seekBy, toggleMute, togglePlay } from '../stores/player.ts';
import Modal from './Modal.tsx';
import './player-extras.css';

type ShortcutLabels = Pick<PlayerLabels, 'shortcuts' | 'close' | 'key_space' | 'muted' | 'unmuted'> &
  Record<`key_${ShortcutAction}`, string>;

interface PlayerShortcutsProps {
  labels: ShortcutLabels;
}

/** The help dialog's id in the modal store. */
export const SHORTCUTS_DIALOG = 'player-shortcuts';

/** Input types that take no typing: their keys are the shortcuts' (a checkbox has no use for `k`). */
const NOT_TYPED = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file', 'image']);
/** Elements (and roles) that use Space or the arrows themselves. */
const CONTROL =
  'a[href], button, input, select, summary, audio, video, iframe, [role=button], [role=slider], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=menuitem], [role=option], [role=listbox], [role=spinbutton], [role=scrollbar]';

/** Where a key was pressed, as the matcher reads it. */
function targetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof Element)) return 'other';
  if (target instanceof HTMLElement && target.isContentEditable) return 'text';
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return 'text';
  if (target instanceof HTMLInputElement && !NOT_TYPED.has(target.type)) return 'text';
  if (target.matches('.player-seek')) return 'seek';
  return target.closest(CONTROL) ? 'control' : 'other';
}

export default function PlayerShortcuts({ labels }: PlayerShortcutsProps) {
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Another part of the page handled it, or a modal dialog is open: its keys are its own. (Not
      // the modal store: a desktop key panel is in it too, and the player's keys work beside it.)
      if (event.defaultPrevented || event.isComposing || document.querySelector('dialog[open]')) return;
      const action = shortcutFor({
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        target: targetOf(event.target),
        pageScrolls: document.documentElement.scrollHeight > window.innerHeight,
      });
      if (!action) return;
      event.preventDefault();
      const offset = seekOffset(action);
      if (offset !== 0) seekBy(offset);
      else if (action === 'toggle') togglePlay();
      else if (action === 'next') nextTrack();
      else if (action === 'previous') previousTrack();
      else if (action === 'help') openModal(SHORTCUTS_DIALOG);
      else if (action === 'mute') {
        toggleMute();
        setAnnouncement(getPlayer().$state.get().muted ? labels.muted : labels.unmuted);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [labels]);

  const keyName = (key: string) => (key === 'Space' ? labels.key_space : key);

  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <Modal id={SHORTCUTS_DIALOG} labelledBy="player-shortcuts-title" closeLabel={labels.close}>
        <div className="player-shortcuts">
          <h2 id="player-shortcuts-title">{labels.shortcuts}</h2>
          <dl>
            {SHORTCUT_LIST.map(({ action, keys }) => (
              <div key={action}>
                <dt>
                  {keys.map((key, at) => (
                    <span key={key}>
                      {at > 0 ? ' / ' : null}
                      <kbd>{keyName(key)}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{labels[`key_${action}`]}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Modal>
    </>
  );
}
