/**
 * The audio files at `/media/<playlist>/<file>`, the renditions and waveforms made from them
 * at `/media/renditions/<hash>/<file>`, and their embedded covers at
 * `/media-covers/<playlist>/<file>`. Only files the media index holds are served (names are
 * looked up, never joined into a path from the request), with Range requests, ETag and
 * Last-Modified, the right content type, and a year of caching for versioned URLs.
 */
import { ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { parseFile } from 'music-metadata';
import type { MediaLibrary, Track } from '../services/media-library.ts';
import { extensionOf } from '../../src/lib/audio-formats.ts';
import { RENDITION_FORMATS } from '../services/renditions/formats.ts';
import type { Renditions } from '../services/renditions/renditions.ts';
import { IMMUTABLE } from '../services/cache-control.ts';

export interface MediaRoutesOptions {
  library: MediaLibrary;
  mediaDir: string;
  renditions: Renditions;
}

interface RenditionParams {
  hash: string;
  file: string;
}

interface TrackParams {
  playlist: string;
  file: string;
}

interface VersionQuery {
  v?: string;
}

/** The types of the files made from masters, by extension (`.webm` is audio here, not video). */
const RENDITION_TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(RENDITION_FORMATS.map((format) => [`.${format.extension}`, format.mimeType.split(';')[0]])),
  '.json': 'application/json; charset=utf-8',
};

function cacheHeaders(reply: FastifyReply, track: Track, version: string | undefined): void {
  // The URL carries the file's version; an old or missing version must revalidate.
  reply.header('Cache-Control', version === track.version ? IMMUTABLE : 'no-cache');
  // The static site may live on another origin (a CDN) and still play these files.
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * True when a Range header asks only for bytes past the end of a file of `size` bytes. Such a
 * request gets 416 with `Content-Range: bytes *\/size` (RFC 9110 §15.5.17), which tells the
 * client how long the file is.
 */
export function isUnsatisfiableRange(header: string | undefined, size: number): boolean {
  const match = /^bytes=(.+)$/.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  return match[1].split(',').every((part) => {
    const [start = '', end = ''] = part.trim().split('-');
    if (start === '') return Number(end) === 0;
    return Number(start) >= size;
  });
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ error: 'Not Found', message: 'There is no such track.' });

/**
 * A file cut short while it streams ends before the Content-Length the response promised, and
 * the client would wait for the missing bytes until the connection timed out (over a minute).
 * Close the connection instead, so the browser sees the failure at once and can retry.
 */
async function closeWhenCutShort(_request: unknown, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const promised = Number(reply.getHeader('content-length'));
  if (payload instanceof ReadStream && Number.isFinite(promised)) {
    payload.once('end', () => {
      if (payload.bytesRead < promised) reply.raw.destroy();
    });
  }
  return payload;
}

const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, { library, mediaDir, renditions }) => {
  await app.register(fastifyStatic, { root: mediaDir, serve: false });

  app.get<{ Params: TrackParams; Querystring: VersionQuery }>(
    '/media/:playlist/:file',
    { onSend: closeWhenCutShort },
    async (request, reply) => {
      const track = library.track(request.params.playlist, request.params.file);
      if (!track) return notFound(reply);
      // The index may lag behind the disk (a file removed or cut short since it was scanned):
      // ask the disk, so such a file is a plain 404 and a range is judged on the real size.
      const size = await stat(library.pathOf(track)).then(
        (info) => (info.isFile() ? info.size : null),
        () => null,
      );
      if (size === null) return notFound(reply);
      cacheHeaders(reply, track, request.query.v);
      if (isUnsatisfiableRange(request.headers.range, size)) {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      reply.header('Content-Type', track.mimeType);
      return reply.sendFile(`${track.playlist}/${track.file}`, {
        acceptRanges: true,
        cacheControl: false,
        contentType: false,
        dotfiles: 'deny',
      });
    },
  );

  // Named by the master's content hash and the settings they were made with: a year of
  // caching, and anyone may fetch them (the waveform is read by script from the pages'
  // origin, which may be a CDN's).
  app.get<{ Params: RenditionParams }>(
    '/media/renditions/:hash/:file',
    { onSend: closeWhenCutShort },
    async (request, reply) => {
      const { hash, file } = request.params;
      const path = renditions.servedFile(hash, file);
      const size = path
        ? await stat(path).then(
            (info) => info.size,
            () => null,
          )
        : null;
      if (size === null) return notFound(reply);
      reply
        .header('Cache-Control', IMMUTABLE)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Access-Control-Allow-Origin', '*');
      if (isUnsatisfiableRange(request.headers.range, size)) {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      reply.header('Content-Type', RENDITION_TYPES[extensionOf(file)] ?? 'application/octet-stream');
      return reply.sendFile(`${hash}/${file}`, renditions.dir, {
        acceptRanges: true,
        cacheControl: false,
        contentType: false,
        dotfiles: 'deny',
      });
    },
  );

  app.get<{ Params: TrackParams; Querystring: VersionQuery }>(
    '/media-covers/:playlist/:file',
    async (request, reply) => {
      const track = library.track(request.params.playlist, request.params.file);
      if (!track?.hasCover) return notFound(reply);
      // A file removed or damaged since the index was built has no cover to give, not a 500.
      const metadata = await parseFile(library.pathOf(track), { duration: false }).catch(() => null);
      const picture = metadata?.common.picture?.[0];
      if (!picture) return notFound(reply);
      cacheHeaders(reply, track, request.query.v);
      return reply.type(picture.format).send(Buffer.from(picture.data));
    },
  );
};

export default mediaRoutes;
