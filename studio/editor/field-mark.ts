/**
 * Marks the field a refused build named, once the artist opens its entry from the refusal: the
 * field is outlined, scrolled to and focused, so he does not have to look for it. The mark waits
 * for the entry's form, which Decap draws after loading it.
 */

/** Where the field to mark waits for its entry's form. */
const MARK_KEY = 'studio-field-to-mark';
/** Set on the marked field's wrapper, for the editor's styles. */
export const MARKED_ATTRIBUTE = 'data-studio-refused';
/** Decap draws a form within seconds; a mark never found is dropped after this long. */
const GIVE_UP_MS = 20_000;

/** Remembers the field (by its label) to mark when the entry at `href` opens. */
export function markOnOpen(href: string, label: string): void {
  sessionStorage.setItem(MARK_KEY, JSON.stringify({ href, label }));
}

/** The field's wrapper in the open form, found by its label's text. */
function fieldLabelled(label: string): HTMLLabelElement | null {
  return (
    [...document.querySelectorAll<HTMLLabelElement>('label[for]')].find((candidate) =>
      candidate.textContent.trim().startsWith(label),
    ) ?? null
  );
}

/** Watches the editor for the form a remembered mark waits for; returns how to stop. */
export function watchForMarks(root: HTMLElement): () => void {
  const look = () => {
    const stored = sessionStorage.getItem(MARK_KEY);
    if (!stored) return;
    const { href, label } = JSON.parse(stored) as { href: string; label: string };
    if (location.hash !== href) return;
    const found = fieldLabelled(label);
    if (!found) return;
    sessionStorage.removeItem(MARK_KEY);
    const control = document.getElementById(found.htmlFor);
    // The smallest box holding both the label and its control: the whole field.
    let wrapper: HTMLElement = found;
    while (control && !wrapper.contains(control) && wrapper.parentElement) wrapper = wrapper.parentElement;
    wrapper.setAttribute(MARKED_ATTRIBUTE, 'true');
    wrapper.scrollIntoView({ block: 'center' });
    control?.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(look);
  observer.observe(root, { childList: true, subtree: true });
  addEventListener('hashchange', look);
  const giveUp = setTimeout(() => sessionStorage.removeItem(MARK_KEY), GIVE_UP_MS);
  return () => {
    observer.disconnect();
    removeEventListener('hashchange', look);
    clearTimeout(giveUp);
  };
}
