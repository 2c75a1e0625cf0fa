import { createHash } from 'node:crypto';

/**
 * A short hash of a file's content, for its URL (`/icons.svg?v=…`): files the build writes
 * under a fixed name are cached a day (server/services/cache-control.ts), so a change to one
 * must change the URL the pages ask for.
 */
export function contentVersion(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}
