/** The names the CMS configuration and the editor share: kept apart so the editor loads no schema. */
import { STUDIO_API_PREFIX } from '../../src/lib/studio-auth.ts';

/** Where the CMS talks to the server: the studio's content route (Decap's proxy backend). */
export const CONTENT_API = `${STUDIO_API_PREFIX}content`;

/** The custom widget that takes a video id from a pasted link. */
export const VIDEO_LINK_WIDGET = 'video-link';
