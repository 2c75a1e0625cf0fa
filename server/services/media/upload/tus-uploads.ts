/**
 * The resumable uploads of masters (the tus protocol): each upload is written into its own
 * folder (UPLOADS_DIR), never seen by the library, and may be resumed after a dropped
 * connection or a reload until it expires. Once complete, its content is checked (an audio
 * stream of a served format) and it lands in its playlist under a safe name, atomically.
 */
import { readdir, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, MemoryLocker, Server, type Upload } from '@tus/server';
import type { StudioErrorCode } from '../../../../src/lib/studio-auth.ts';
import { studioError } from '../../studio/studio-http.ts';
import { audioExtensionOf } from './audio-probe.ts';
import { DiskFull, placeFile } from './place-file.ts';
import { isSafeName, trackFileName } from './safe-names.ts';

/** An unfinished upload can be resumed for a day; then it is removed. */
export const UPLOAD_EXPIRES_MS = 24 * 60 * 60 * 1000;
/** An upload's id, as tus makes them (16 random bytes in hex): nothing else names a file here. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
/** The longest original file name kept from an upload's metadata. */
const MAX_FILENAME_LENGTH = 1000;

export interface UploadOptions {
  /** Where the upload is reached: `/studio/api/uploads`. */
  path: string;
  uploadsDir: string;
  mediaDir: string;
  maxBytes: number;
  ffprobe: string;
  /** Told each time a master landed in its playlist. */
  onPlaced: (placed: { playlist: string; file: string }) => Promise<void>;
  log: { warn: (object: object, message: string) => void };
}

/** A refusal tus sends as it is: the studio's JSON body and its stable code. */
class Refusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, code: StudioErrorCode, message: string) {
    super(message);
    this.status_code = status;
    this.body = JSON.stringify(studioError(status, code, message));
  }
}

/** An unexpected failure: logged here, told to the client without its details. */
const serverTrouble = () =>
  new Refusal(500, 'SERVER_ERROR', 'Something went wrong on our side. Please try again later.');

/** The bytes the file system holding `folder` can still take. */
async function roomFor(folder: string): Promise<number> {
  const { bavail, bsize } = await statfs(folder);
  return bavail * bsize;
}

const diskFull = () => new Refusal(507, 'DISK_FULL', 'The disk is full: the file was not kept.');

/**
 * A file store that promises each upload its room: an upload is created only when the free
 * room, less the bytes still to come for every other unfinished upload, holds all of it.
 * Creations are checked one at a time, so two at once cannot both count the same room.
 */
class ReservingStore extends FileStore {
  #queue: Promise<unknown> = Promise.resolve();
  readonly #maxBytes: number;

  constructor(directory: string, maxBytes: number) {
    super({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRES_MS });
    this.#maxBytes = maxBytes;
  }

  /**
   * The bytes still to come for every unfinished, unexpired upload but `except`. A finished,
   * refused or expired upload holds nothing: its files are gone or it no longer counts.
   */
  async awaitedBytes(except?: string): Promise<number> {
    const ids = (await readdir(this.directory)).filter((name) => UPLOAD_ID.test(name) && name !== except);
    const now = Date.now();
    let total = 0;
    for (const id of ids) {
      const upload = await this.getUpload(id).catch(() => null);
      if (!upload) continue;
      const created = upload.creation_date ? Date.parse(upload.creation_date) : now;
      if (now - created > UPLOAD_EXPIRES_MS) continue;
      total += Math.max(0, (upload.size ?? this.#maxBytes) - upload.offset);
    }
    return total;
  }

  override create(upload: Upload): Promise<Upload> {
    const run = this.#queue.then(async () => {
      const room = (await roomFor(this.directory)) - (await this.awaitedBytes());
      if ((upload.size ?? this.#maxBytes) > room) throw diskFull();
      return super.create(upload);
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

/** The upload's target playlist and original name, or a refusal. */
async function targetOf(mediaDir: string, upload: Upload): Promise<{ playlist: string; filename: string }> {
  const playlist = upload.metadata?.['playlist'] ?? '';
  const filename = upload.metadata?.['filename'] ?? '';
  if (!filename || filename.length > MAX_FILENAME_LENGTH) {
    throw new Refusal(400, 'INVALID_REQUEST', 'The upload must name its file.');
  }
  if (!isSafeName(playlist) || !(await isFolder(join(mediaDir, playlist)))) {
    throw new Refusal(404, 'NOT_FOUND', 'There is no such playlist.');
  }
  return { playlist, filename };
}

export function openUploads(options: UploadOptions): Server {
  const { mediaDir, log } = options;
  const store = new ReservingStore(options.uploadsDir, options.maxBytes);

  const pathOf = (upload: Pick<Upload, 'id'>) => join(options.uploadsDir, upload.id);
  /** An upload's file and its note, gone once it is in its playlist or refused for good. */
  const forget = async (upload: Pick<Upload, 'id'>) => {
    await rm(pathOf(upload), { force: true });
    await rm(`${pathOf(upload)}.json`, { force: true });
  };

  /**
   * Checks a complete upload and puts it into its playlist. A refusal removes it at once;
   * an accepted one is removed once tus has answered (it reads the upload again to answer).
   */
  async function finish(upload: Upload): Promise<void> {
    try {
      const { playlist, filename } = await targetOf(mediaDir, upload);
      if ((upload.size ?? 0) === 0) throw new Refusal(422, 'UPLOAD_EMPTY', 'The file is empty.');
      const extension = await audioExtensionOf(pathOf(upload), options.ffprobe);
      if (!extension) throw new Refusal(422, 'UPLOAD_NOT_AUDIO', 'The file holds no audio in a format the site plays.');
      const file = await placeFile(pathOf(upload), join(mediaDir, playlist), trackFileName(filename, extension));
      await options.onPlaced({ playlist, file });
    } catch (error) {
      await forget(upload);
      if (error instanceof Refusal) throw error;
      if (error instanceof DiskFull) throw diskFull();
      log.warn({ reason: (error as Error).message }, 'could not place an uploaded master');
      throw serverTrouble();
    }
  }

  const server = new Server({
    path: options.path,
    datastore: store,
    locker: new MemoryLocker(),
    maxSize: options.maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    getFileIdFromRequest: (_request, id) => (id !== undefined && UPLOAD_ID.test(id) ? id : undefined),
    // The studio's client always knows the file's size; an upload of unknown length could
    // not be given its room, so it is refused before anything is stored.
    onUploadCreate: async (_request, upload) => {
      if (upload.sizeIsDeferred) throw new Refusal(400, 'INVALID_REQUEST', 'The upload must declare its length.');
      await targetOf(mediaDir, upload);
      return {};
    },
    // A chunk that cannot fit beside the other uploads' promised room (the disk filled by
    // something else meanwhile) is refused before any of it is written, and the unfinished
    // upload removed: it could not be finished, and its part gives the room back. A chunk
    // without a length counts as the rest of its upload, which tus never lets it exceed.
    onIncomingRequest: async (request, id) => {
      if (request.method !== 'PATCH') return;
      const upload = await store.getUpload(id).catch(() => null);
      if (!upload) return;
      const rest = (upload.size ?? options.maxBytes) - upload.offset;
      const declared = request.headers.get('content-length');
      const length = declared === null ? rest : Math.min(Number(declared), rest);
      if (length > (await roomFor(options.uploadsDir)) - (await store.awaitedBytes(id))) {
        await forget({ id });
        throw diskFull();
      }
    },
    onUploadFinish: async (_request, upload) => {
      await finish(upload);
      return {};
    },
    // tus's own refusals (too large, unknown upload, wrong offset) in the studio's shape; an
    // unexpected error's text never reaches the client.
    onResponseError: (_request, error) => {
      if (error instanceof Refusal) return undefined;
      if (!('status_code' in error)) {
        log.warn({ reason: error.message }, 'an upload failed');
        return serverTrouble();
      }
      if (error.status_code === 413) return new Refusal(413, 'UPLOAD_TOO_LARGE', 'The file is larger than allowed.');
      if (error.status_code === 404 || error.status_code === 410)
        return new Refusal(error.status_code, 'NOT_FOUND', 'There is no such upload.');
      return new Refusal(error.status_code, 'INVALID_REQUEST', 'The upload request is not valid.');
    },
  });
  server.on(EVENTS.POST_FINISH, (_request, _response, upload) => {
    void forget(upload).catch((error: unknown) => {
      log.warn({ reason: (error as Error).message }, 'could not remove a finished upload');
    });
  });
  return server;
}
