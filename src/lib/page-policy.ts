/**
 * What the build tells the server about the pages' Content-Security-Policy: the hashes of the
 * inline scripts and styles its source emits. Written by the build, read by the server and the
 * CDN headers; never a page of its own.
 */
import { z } from 'zod';

/** The file, at the top of the build folder. */
export const PAGE_POLICY_FILE = '_page-policy.json';

const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

export const pagePolicySchema = z.object({
  /** `'sha256-…'` sources of the inline scripts the pages may run. */
  scriptHashes: z.array(z.string().regex(HASH_SOURCE)),
  /** `'sha256-…'` sources of the inline styles the pages may apply. */
  styleHashes: z.array(z.string().regex(HASH_SOURCE)),
});

export type PagePolicy = z.infer<typeof pagePolicySchema>;
