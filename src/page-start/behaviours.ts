/**
 * The behaviours of the flags, the menu, the footer, the fans' sign-up form and a pre-release page
 * (each beside its component), gathered in one module loaded once the first paint is on screen:
 * one request rather than one per component.
 * Each is delegated from the document or set up again on every page the router shows.
 */
import '../components/language-flags.ts';
import '../components/site-menu.ts';
import '../components/site-footer.ts';
import '../components/fan-signup.ts';
import '../components/pre-release.ts';
