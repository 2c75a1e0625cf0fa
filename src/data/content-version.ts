import { createHash } from 'node:crypto';

/** How many hexadecimal digits a version has (VERSIONED_NAME in cache-control.ts knows it). */
const CONTENT_VERSION_LENGTH = 10;

/**
 * A short hash of a file's content, for its name (`/icons.<version>.svg`): like Astro's own
 * assets under /_astro/, a file whose name changes with its content is cached for good
 * (server/services/http/cache-control.ts), and a change to it is a new URL the pages ask for.
 */
export function contentVersion(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, CONTENT_VERSION_LENGTH);
}

/** A versioned file's URL: `versionedPath('icons', 'ab12…', 'svg')` is `/icons.ab12….svg`. */
export function versionedPath(name: string, version: string, extension: string): string {
  return `/${name}.${version}.${extension}`;
}
