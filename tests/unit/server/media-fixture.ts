/** A temporary media folder holding the generated demo set, short tracks for speed. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoMedia } from '../../../scripts/demo-media/generate.ts';

export async function createMediaFolder(): Promise<{ dir: string; cleanup: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'media-fixture-'));
  await generateDemoMedia(dir, 1);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A logger that keeps what it was told, for assertions. */
export function recordingLogger() {
  const warnings: { object: object; message: string }[] = [];
  return {
    warnings,
    info: () => {},
    warn: (object: object, message: string) => warnings.push({ object, message }),
  };
}
