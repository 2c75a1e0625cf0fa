/**
 * A modal confirmation (native `<dialog>`): the browser keeps the focus inside it and closes it
 * on Escape; the focus goes back to what opened it, or, when that was redrawn meanwhile, to
 * what `fallback` finds.
 */
import { h } from '../dom.ts';

export interface Confirmation {
  heading: string;
  text: string;
  confirm: string;
  cancel: string;
}

/** Asks; resolves true when confirmed, false when cancelled (button or Escape). */
export function confirmDialog(words: Confirmation, fallback: () => HTMLElement): Promise<boolean> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const headingId = `confirm-${Date.now()}`;
  const cancel = h('button', { type: 'button', class: 'secondary', value: 'cancel' }, words.cancel);
  const confirm = h('button', { type: 'button', class: 'danger', value: 'confirm' }, words.confirm);
  const dialog = h(
    'dialog',
    { class: 'confirm', 'aria-labelledby': headingId },
    h('h2', { id: headingId }, words.heading),
    h('p', {}, words.text),
    h('div', { class: 'actions' }, cancel, confirm),
  );
  document.body.append(dialog);
  return new Promise((resolve) => {
    cancel.addEventListener('click', () => dialog.close('cancel'));
    confirm.addEventListener('click', () => dialog.close('confirm'));
    dialog.addEventListener('close', () => {
      dialog.remove();
      const back = opener?.isConnected ? opener : fallback();
      back.focus();
      resolve(dialog.returnValue === 'confirm');
    });
    dialog.showModal();
    // The safe choice first: Enter on an unread dialog does not delete.
    cancel.focus();
  });
}
