/** The site's behaviour constants (scroll steps, breakpoints, timings, volume), in one place. */

/** How far one press of a menu or carousel arrow scrolls, in px. */
export const SCROLL_STEP_PX = 200;
/** A carousel button is disabled within this distance of its end, in px. */
export const EDGE_TOLERANCE_PX = 5;
/** At this width or narrower, key panels open as modal dialogs. */
export const MOBILE_BREAKPOINT_PX = 768;
/** How long a closing modal fades out before it is hidden, in ms. */
export const MODAL_FADE_MS = 500;
/** How long the contact button shows 'Message sent', in ms. */
export const SENT_CONFIRMATION_MS = 4000;
/** The player's starting volume, and how much one press of a volume button changes it. */
export const DEFAULT_VOLUME = 0.5;
export const VOLUME_STEP = 0.1;

/** The music's folder, one subfolder per playlist, when MEDIA_DIR does not name another. */
export const DEFAULT_MEDIA_DIR = 'media';

/** The media query for the phone layout. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
/** The media query for visitors who asked for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
