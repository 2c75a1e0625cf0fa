/** Writing the artist's order of a playlist (read by lib/playlist-order.ts) from the studio. */
import { join } from 'node:path';
import { ORDER_FILE } from '../../../src/lib/playlist-order.ts';
import { writeAtomically } from '../renditions/cache-folder.ts';

/** Writes a playlist folder's order (atomically: a reader sees the old list or the new one). */
export async function writeOrder(folder: string, files: readonly string[]): Promise<void> {
  await writeAtomically(join(folder, ORDER_FILE), `${JSON.stringify(files, null, 2)}\n`);
}
