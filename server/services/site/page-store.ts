/**
 * The built HTML pages, read into memory with their brotli and gzip variants.
 *
 * Pages are few, small and change only when a build is published (the served site, with the
 * CSP hashes computed from the same files, is then read again and replaced whole), so serving
 * them from memory costs nothing and spares every page view an open/stat/read/close on the disk.
 */
import { createHash } from 'node:crypto';
import { negotiate } from '@fastify/accept-negotiator';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type PageEncoding = 'br' | 'gzip' | 'identity';

export interface PageVariant {
  body: Buffer;
  /** Strong validator, different for each encoding of the same page. */
  etag: string;
}

/** One page: the plain file always, its compressed variants when the build wrote them. */
export type StoredPage = Partial<Record<PageEncoding, PageVariant>> & { identity: PageVariant };

const EXTENSIONS: Record<Exclude<PageEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

async function readVariant(path: string, encoding: PageEncoding): Promise<PageVariant | undefined> {
  try {
    const body = await readFile(path);
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 16);
    return { body, etag: `"${hash}-${encoding}"` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Reads the given HTML files (paths relative to `distDir`); a missing one is left out. */
export async function loadPages(distDir: string, files: Iterable<string>): Promise<Map<string, StoredPage>> {
  const store = new Map<string, StoredPage>();
  for (const file of files) {
    const path = join(distDir, file);
    const identity = await readVariant(path, 'identity');
    if (!identity) continue;
    const page: StoredPage = { identity };
    for (const [encoding, extension] of Object.entries(EXTENSIONS) as [keyof typeof EXTENSIONS, string][]) {
      const variant = await readVariant(path + extension, encoding);
      if (variant) page[encoding] = variant;
    }
    store.set(file, page);
  }
  return store;
}

/**
 * The encoding to send for an Accept-Encoding header, among those the page has: negotiated
 * as @fastify/static does for the other files (q-values honoured, brotli preferred on a tie).
 */
export function chooseEncoding(acceptEncoding: string | undefined, page: StoredPage): PageEncoding {
  if (!acceptEncoding) return 'identity';
  const available = (['br', 'gzip'] as const).filter((encoding) => page[encoding]);
  const chosen = negotiate(acceptEncoding.toLowerCase(), available);
  return chosen ?? 'identity';
}
