/**
 * The video service's embedded player: where the video dialog points its iframe, and the hosts
 * that player loads from, which the server's Content-Security-Policy and Permissions-Policy let
 * in (and nothing else of the service).
 */

/** The privacy-enhanced player's origin: it sets no cookie until the video plays. */
const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** The hosts the embedded player's frames come from: the privacy-enhanced one, and the service's own. */
export const VIDEO_EMBED_ORIGINS = [EMBED_ORIGIN, 'https://www.youtube.com'];

/** The embedded player of one video; autoplay because the visitor just asked for the video. */
export function embedUrl(id: string): string {
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(id)}?autoplay=1`;
}
