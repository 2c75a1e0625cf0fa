/**
 * The layout's one page script: the behaviours of the flags, the menu and the footer, and the
 * guard of the persisted player across page changes, in one file rather than one per
 * component, so a page fetches one script of its own before its first paint (and the small
 * shared modules it imports) instead of several, each with its own imports. Each behaviour is
 * delegated from the document or re-run on every page the router swaps in.
 */
import '../components/language-flags.ts';
import '../components/site-menu.ts';
import '../components/site-footer.ts';
import './persisted-islands.ts';
