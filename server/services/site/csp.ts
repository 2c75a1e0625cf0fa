/**
 * The Content-Security-Policy: only our own origin, the inline scripts and styles the build
 * emitted (by hash), and the few outside hosts the site needs (the video player; the video
 * thumbnails are the site's own, so a visitor's browser asks the video service for nothing
 * until they open a video).
 */
import { VIDEO_EMBED_ORIGINS } from '../../../src/lib/video-embed.ts';

export interface CspInput {
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
  /** The origin audio comes from when MEDIA_BASE_URL points elsewhere (a CDN). */
  mediaOrigin?: string | null | undefined;
  /** The build has analytics: allow the tag's hosts (and only then). */
  analytics?: boolean | undefined;
  /** The API's origin when the pages are served from elsewhere (PUBLIC_API_BASE). */
  apiOrigin?: string | null | undefined;
}

/** The hosts the analytics and ads tag loads from and reports to (Google's CSP guidance). */
const ANALYTICS = {
  script: [
    'https://www.googletagmanager.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
  ],
  connect: [
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
    'https://*.g.doubleclick.net',
    'https://www.google.com',
  ],
  img: [
    'https://www.google-analytics.com',
    'https://www.googletagmanager.com',
    'https://*.g.doubleclick.net',
    'https://www.google.com',
  ],
  frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

/**
 * The page policy's directives, each with its sources. A fetch directive not named here (fonts,
 * the manifest, workers) falls back to `default-src 'self'`, which is what it would say: the
 * header goes out with every page, whose response should fit TCP's first window.
 */
export function cspDirectives(input: CspInput): Record<string, string[]> {
  const analytics = (hosts: string[]) => (input.analytics ? hosts : []);
  // Audio and covers come from the API's server unless MEDIA_BASE_URL moved them.
  const api = input.apiOrigin ? [input.apiOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...input.scriptHashes, ...analytics(ANALYTICS.script)],
    'style-src': ["'self'", ...input.styleHashes],
    'img-src': ["'self'", 'data:', ...api, ...analytics(ANALYTICS.img)],
    'media-src': ["'self'", ...api, ...(input.mediaOrigin ? [input.mediaOrigin] : [])],
    'connect-src': ["'self'", ...api, ...analytics(ANALYTICS.connect)],
    'frame-src': [...VIDEO_EMBED_ORIGINS, ...analytics(ANALYTICS.frame)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** A policy's header value: `name source source; name source`. */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * The same policy for a page any site may frame (the embeddable player): `frame-ancestors *`
 * in place of `'none'`, everything else as strict as the rest of the site.
 */
export function framableByAnySite(policy: string): string {
  return policy.replace(/(^|;\s*)frame-ancestors [^;]*/, '$1frame-ancestors *');
}
