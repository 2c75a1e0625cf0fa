/**
 * The Content-Security-Policy: only our own origin, the inline scripts and styles the build
 * emitted (by hash), and the few outside hosts the site needs (video thumbnails and player).
 */
export interface CspInput {
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
  /** The origin audio comes from when MEDIA_BASE_URL points elsewhere (a CDN). */
  mediaOrigin?: string | null | undefined;
}

/** The video service's hosts: thumbnails (img) and the embedded player (frame). */
export const VIDEO_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/** The directives in the shape @fastify/helmet takes. */
export function cspDirectives(input: CspInput): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...input.scriptHashes],
    'style-src': ["'self'", ...input.styleHashes],
    // Server-rendered island markup may carry style attributes; those cannot run code.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', VIDEO_THUMBNAIL_ORIGIN],
    'media-src': ["'self'", ...(input.mediaOrigin ? [input.mediaOrigin] : [])],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'frame-src': VIDEO_EMBED_ORIGINS,
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}
