/**
 * The studio server's history and publishing routes, as the editor's views call them. A
 * refused request throws an error carrying the server's own `{ error }` text.
 */
import { STUDIO_API_PREFIX } from '../../src/lib/studio-auth.ts';

/** One saved version of a content file. */
export interface FileVersion {
  commit: string;
  author: string;
  date: string;
  message: string;
}

export type PublishStateName = 'idle' | 'building' | 'published' | 'failed';

/** How far a running build is: its stage, step `step` of `steps`, and the pages written so far. */
export interface BuildProgress {
  stage: string;
  step: number;
  steps: number;
  pages: number;
}

/** Where the published site stands. */
export interface PublishState {
  state: PublishStateName;
  startedAt: string | null;
  publishedAt: string | null;
  error: string | null;
  progress: BuildProgress | null;
  /** How long the build now live took, in ms; null after a rollback. */
  tookMs: number | null;
  canRollback: boolean;
}

/** GETs `path` of the studio's API (written without its prefix), or POSTs it `body` as JSON. */
async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${STUDIO_API_PREFIX}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok) throw new Error(typeof json?.error === 'string' ? json.error : `HTTP ${response.status}`);
  return json as T;
}

/** A content file's saved versions, newest first; none when the content folder is not in Git. */
export interface FileHistory {
  git: boolean;
  commits: FileVersion[];
}

/** The saved versions of one content file (its path inside the content folder). */
export function fileHistory(path: string): Promise<FileHistory> {
  return call(`history?${new URLSearchParams({ path }).toString()}`);
}

/** Brings a content file back to one of its versions (a new commit on top). */
export function restoreVersion(path: string, commit: string): Promise<unknown> {
  return call('history/restore', { path, commit });
}

export function publishState(): Promise<PublishState> {
  return call('publish');
}

export function publishNow(): Promise<PublishState> {
  return call('publish', {});
}

export function rollBack(): Promise<PublishState> {
  return call('publish/rollback', {});
}

/** The text to show for a failed call. */
export function failureText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
