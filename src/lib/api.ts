/**
 * Where the API lives: the same origin by default, or `PUBLIC_API_BASE` set at build time when
 * the static pages are served from a CDN and the server elsewhere.
 */
export const API_BASE: string = (import.meta.env['PUBLIC_API_BASE'] as string | undefined)?.replace(/\/+$/, '') ?? '';
