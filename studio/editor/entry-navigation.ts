/**
 * Keeps the editor's form and its address about the same entry. Decap keeps the form of the
 * entry it opened when the address turns to another entry (the Back gesture between two
 * entries, a link to another): the page is then loaded again for the entry the address names.
 * And when the artist refuses to leave unsaved changes, Decap cannot always put the address
 * back (it only knows the addresses visited since the page loaded): it is put back here.
 */
import { ENTRY_ROUTE } from './entry-path.ts';

/** The entry an address opens (`poems/entries/x`), or null for a list or a new entry. */
function entryOf(url: string): string | null {
  const match = ENTRY_ROUTE.exec(new URL(url).hash);
  return match ? `${match[1] ?? ''}/${match[2] ?? ''}` : null;
}

/** Watches the address; returns how to stop. */
export function keepFormAndAddressTogether(): () => void {
  const nativeConfirm = window.confirm.bind(window);
  /** A change of address being decided: Decap asks whether to leave within its handling. */
  let deciding: { from: string; to: string; stayed: boolean } | null = null;
  window.confirm = (message?: string) => {
    const answer = nativeConfirm(message);
    if (deciding && !answer) deciding.stayed = true;
    return answer;
  };
  const onChange = (event: HashChangeEvent) => {
    const change = { from: event.oldURL, to: event.newURL, stayed: false };
    deciding = change;
    // After Decap has handled the change (and asked, if anything was unsaved).
    setTimeout(() => {
      deciding = null;
      if (location.href !== change.to) return;
      if (change.stayed) history.replaceState(history.state, '', change.from);
      else {
        const [from, to] = [entryOf(change.from), entryOf(change.to)];
        if (from && to && from !== to) location.reload();
      }
    });
  };
  addEventListener('hashchange', onChange);
  return () => {
    removeEventListener('hashchange', onChange);
    window.confirm = nativeConfirm;
  };
}
