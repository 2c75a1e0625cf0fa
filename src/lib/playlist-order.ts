/**
 * The artist's order of a playlist's tracks: a list of file names in `order.json` inside the
 * playlist's folder, which the studio writes. The server's media library and the release
 * pages' track lists honour it over the tags' track numbers; files it does not name follow
 * in their usual order (lib/track-order.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The order's file in a playlist folder (not audio, so never a track). */
export const ORDER_FILE = 'order.json';

/** The file names a playlist folder's order lists; empty when it has none or it cannot be read. */
export async function readOrder(folder: string): Promise<string[]> {
  try {
    const value: unknown = JSON.parse(await readFile(join(folder, ORDER_FILE), 'utf8'));
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** `items` (already in their usual order) with those `order` names first, in its order. */
export function applyOrder<T extends { file: string }>(items: readonly T[], order: readonly string[]): T[] {
  const rank = new Map<string, number>();
  order.forEach((file, index) => {
    if (!rank.has(file)) rank.set(file, index);
  });
  const listed = items.filter((item) => rank.has(item.file));
  listed.sort((a, b) => (rank.get(a.file) as number) - (rank.get(b.file) as number));
  return [...listed, ...items.filter((item) => !rank.has(item.file))];
}
