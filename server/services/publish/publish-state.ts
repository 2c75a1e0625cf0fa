/**
 * What the studio shows of publishing, kept in BUILDS_DIR/state.json so every instance sharing
 * the folder answers the same. Only the instance holding the build lock writes it, each time
 * by renaming a complete new file over the old.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildProgress } from './build-run.ts';

export type PublishPhase = 'idle' | 'building' | 'published' | 'failed';

export interface PublishRecord {
  state: PublishPhase;
  /** When the last build started (ISO 8601), null before the first. */
  startedAt: string | null;
  /** When the live site was last switched (a build or a rollback), null before the first. */
  publishedAt: string | null;
  /** Why the last build failed (its last lines), null unless it did. */
  error: string | null;
  /** How far the running build has come, null when none runs. */
  progress: BuildProgress | null;
  /** How long the build now live took, in ms; null after a rollback or before the first. */
  tookMs: number | null;
}

export const NOTHING_YET: PublishRecord = {
  state: 'idle',
  startedAt: null,
  publishedAt: null,
  error: null,
  progress: null,
  tookMs: null,
};

const STATE_FILE = 'state.json';

/** The recorded state; the initial one when nothing has been recorded (or the file is unreadable). */
export async function readPublishRecord(buildsDir: string): Promise<PublishRecord> {
  try {
    return { ...NOTHING_YET, ...(JSON.parse(await readFile(join(buildsDir, STATE_FILE), 'utf8')) as object) };
  } catch {
    return NOTHING_YET;
  }
}

export async function writePublishRecord(buildsDir: string, record: PublishRecord): Promise<void> {
  const temporary = join(buildsDir, `.${STATE_FILE}-${randomBytes(6).toString('hex')}`);
  await writeFile(temporary, JSON.stringify(record));
  await rename(temporary, join(buildsDir, STATE_FILE));
}
