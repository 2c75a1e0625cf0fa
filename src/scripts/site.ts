/**
 * The behaviours of the flags, the menu and the footer, in one module that the layout loads once
 * the first paint is on screen (src/page-start/): one request rather than one per component.
 * Each is delegated from the document or set up again on every page the router shows.
 */
import './language-flags.ts';
import './site-menu.ts';
import './footer-year.ts';
