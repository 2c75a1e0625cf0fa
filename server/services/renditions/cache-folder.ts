/**
 * The renditions' folder (RENDITIONS_DIR, `DATA_DIR/renditions` by default): everything made
 * from one master lives in a folder named by the hash of its content, so a restart, a second
 * instance or a renamed file never redoes finished work.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

export const ANALYSIS_FILE = 'analysis-v1.json';
/** The peaks' URL carries the format's version: a change of format gets a new URL. */
export const PEAKS_FILE = 'peaks-v1.json';
const SOURCES_FILE = 'sources.json';
const LOCK_HEARTBEAT_MS = 5_000;
const LOCK_STALE_MS = 30_000;
/** A temporary file this old was left by a process that died while writing it. */
const ABANDONED_TEMP_MS = 3_600_000;

const TEMP_SUFFIX = '.tmp';
/** A content hash: 24 hex digits of SHA-256 (96 bits; collisions are not a concern here). */
export const HASH_PATTERN = /^[0-9a-f]{24}$/;

export interface Lock {
  release(): Promise<void>;
}

/** A name beside `path` no other writer uses, to write into before renaming. */
export function temporaryPathFor(path: string): string {
  return `${path}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`;
}

/** Writes `data` to `path` so that readers see the old file or the whole new one. */
export async function writeAtomically(path: string, data: string): Promise<void> {
  const temporary = temporaryPathFor(path);
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex').slice(0, 24);
}

interface KnownSource {
  /** The media library's version of the file (its path, size and mtime). */
  version: string;
  hash: string;
}

/**
 * The folder's files, each written under a temporary name and renamed into place, so a file
 * that exists is whole:
 *
 *     <hash>/analysis-v1.json           loudness and duration
 *     <hash>/peaks-v1.json              the waveform (served)
 *     <hash>/<format>-<settings>.<ext>  a rendition (served), named by its format and gain
 *     <hash>/failed-<step>.json         why a step failed (it is not tried again)
 *     <hash>.lock                       held by the instance working on that master
 *     sources.json                      each media file's hash, by path, size and mtime
 */
export class CacheFolder {
  private sources = new Map<string, KnownSource>();
  private sourcesChanged = false;

  readonly dir: string;

  private constructor(dir: string) {
    this.dir = dir;
  }

  /**
   * Never fails: an unusable folder (not writable, a file in the way) must not stop the
   * server. Its operations fail instead, the pass that tried is logged, and the next pass
   * tries again, creating the folder once it can.
   */
  static async open(dir: string): Promise<CacheFolder> {
    await mkdir(dir, { recursive: true }).catch(() => undefined);
    const folder = new CacheFolder(dir);
    const saved = await readJson<Record<string, KnownSource>>(join(dir, SOURCES_FILE));
    if (saved) folder.sources = new Map(Object.entries(saved));
    return folder;
  }

  folderOf(hash: string): string {
    return join(this.dir, hash);
  }

  /**
   * The content hash of the media file at `path`, read again only when its version (size and
   * mtime) changed since the last time.
   */
  async hashOf(path: string, version: string): Promise<string> {
    const known = this.sources.get(path);
    if (known?.version === version) return known.hash;
    const hash = await hashFile(path);
    this.sources.set(path, { version, hash });
    this.sourcesChanged = true;
    return hash;
  }

  /** Saves the hashes of the files still in the library, forgetting the others. */
  async saveSources(livePaths: ReadonlySet<string>): Promise<void> {
    for (const path of this.sources.keys()) {
      if (!livePaths.has(path)) {
        this.sources.delete(path);
        this.sourcesChanged = true;
      }
    }
    if (!this.sourcesChanged) return;
    await mkdir(this.dir, { recursive: true });
    await writeAtomically(join(this.dir, SOURCES_FILE), JSON.stringify(Object.fromEntries(this.sources)));
    this.sourcesChanged = false;
  }

  async readJson<T>(hash: string, name: string): Promise<T | null> {
    return readJson<T>(join(this.folderOf(hash), name));
  }

  async writeJson(hash: string, name: string, value: unknown): Promise<void> {
    await mkdir(this.folderOf(hash), { recursive: true });
    await writeAtomically(join(this.folderOf(hash), name), JSON.stringify(value));
  }

  /** The finished files of a master's folder, with their sizes (none when it has no folder). */
  async filesOf(hash: string): Promise<Map<string, number>> {
    const files = new Map<string, number>();
    const names = await readdir(this.folderOf(hash)).catch(() => []);
    for (const name of names) {
      if (name.endsWith(TEMP_SUFFIX)) continue;
      const info = await stat(join(this.folderOf(hash), name)).catch(() => null);
      if (info?.isFile()) files.set(name, info.size);
    }
    return files;
  }

  /**
   * Takes the lock on a master's work, or returns null when another process holds it. A lock is
   * a file created exclusively; its holder touches it every few seconds, and one left untouched
   * for half a minute (its holder died) is taken over.
   */
  async lock(hash: string): Promise<Lock | null> {
    const path = join(this.dir, `${hash}.lock`);
    await mkdir(this.dir, { recursive: true });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const handle = await open(path, 'wx');
        await handle.writeFile(`${hostname()} ${process.pid}\n`);
        await handle.close();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const info = await stat(path).catch(() => null);
        if (info && Date.now() - info.mtimeMs < LOCK_STALE_MS) return null;
        await unlink(path).catch(() => undefined);
        continue;
      }
      const heartbeat = setInterval(() => {
        const now = new Date();
        utimes(path, now, now).catch(() => undefined);
      }, LOCK_HEARTBEAT_MS);
      heartbeat.unref();
      return {
        release: async () => {
          clearInterval(heartbeat);
          await unlink(path).catch(() => undefined);
        },
      };
    }
    return null;
  }

  /**
   * Deletes what no current master needs: the folders of masters no longer in the library
   * (removed or replaced files), files made with settings no longer in use, and temporary
   * files abandoned by a process that died. A folder someone holds the lock on is left alone.
   */
  async prune(wanted: ReadonlyMap<string, ReadonlySet<string>>): Promise<string[]> {
    const removed: string[] = [];
    const entries = await readdir(this.dir, { withFileTypes: true });
    const locked = new Set(
      entries.filter((entry) => entry.name.endsWith('.lock')).map((entry) => entry.name.slice(0, -5)),
    );
    for (const entry of entries) {
      if (!entry.isDirectory() || !HASH_PATTERN.test(entry.name) || locked.has(entry.name)) continue;
      const keep = wanted.get(entry.name);
      const folder = this.folderOf(entry.name);
      if (!keep) {
        await rm(folder, { recursive: true, force: true });
        removed.push(entry.name);
        continue;
      }
      for (const name of await readdir(folder).catch(() => [])) {
        const path = join(folder, name);
        const abandoned =
          name.endsWith(TEMP_SUFFIX) &&
          Date.now() - ((await stat(path).catch(() => null))?.mtimeMs ?? Date.now()) > ABANDONED_TEMP_MS;
        if (abandoned || (!name.endsWith(TEMP_SUFFIX) && !keep.has(name))) {
          await rm(path, { force: true });
          removed.push(`${entry.name}/${name}`);
        }
      }
    }
    return removed;
  }
}
