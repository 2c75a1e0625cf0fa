/**
 * The audio files, the renditions and waveforms made from them, and their embedded covers.
 * Only files the media index holds are served (names are looked up, never joined into a path
 * from the request), never through a symbolic link, and a cover only when its bytes are an image.
 */
import { ReadStream } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { parseFile } from 'music-metadata';
import type { Track } from '../services/media/media-library.ts';
import type { PublicLibrary } from '../services/media/public-library.ts';
import { extensionOf } from '../../src/lib/audio-formats.ts';
import { servableCover } from '../../src/lib/audio-tags.ts';
import { sendOpenedFile } from '../services/http/file-response.ts';
import { openInside } from '../services/http/open-inside.ts';
import { RENDITION_FORMATS } from '../services/renditions/formats.ts';
import type { Renditions } from '../services/renditions/renditions.ts';
import { IMMUTABLE, REVALIDATE } from '../services/http/cache-control.ts';
import { errorBody } from '../services/http/error-answers.ts';

export interface MediaRoutesOptions {
  /** What visitors may hear: the library without the music of releases still to come. */
  library: PublicLibrary;
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

/** Asked about again each time: a track missing now may come with a release's moment or an upload. */
const notFound = (reply: FastifyReply) =>
  reply.code(404).header('Cache-Control', REVALIDATE).send(errorBody(404, 'There is no such track.'));

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

/** The embedded cover of the file at `path` inside `root`, read from the file opened safely. */
async function readCover(root: string, path: string): Promise<{ type: string; data: Uint8Array } | null> {
  const opened = await openInside(root, path);
  if (!opened) return null;
  try {
    // Parsed through the descriptor already opened and checked, never the path again: the
    // name could have become a link in between.
    const metadata = await parseFile(`/dev/fd/${opened.handle.fd}`, { duration: false });
    return servableCover(metadata.common.picture);
  } catch {
    // A file damaged since the index was built has no cover to give, not a 500.
    return null;
  } finally {
    await opened.handle.close();
  }
}

const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, { library, mediaDir, renditions }) => {
  /**
   * Whether a track visitors may hear has this master: a release still to come keeps its
   * renditions back too. With none to come, every current master's are heard, and the
   * library is not walked on each request.
   */
  const isHeard = (hash: string) =>
    library.untilNextMoment() === null ||
    library
      .playlists()
      .some((playlist) => library.tracks(playlist.name).some((track) => renditions.of(track).hash === hash));

  app.get<{ Params: TrackParams; Querystring: VersionQuery }>(
    '/media/:playlist/:file',
    { onSend: closeWhenCutShort },
    async (request, reply) => {
      const track = library.track(request.params.playlist, request.params.file);
      // The index may lag behind the disk (a file removed, cut short or replaced since it was
      // scanned): what is opened now is what counts, and a range is judged on its real size.
      const opened = track ? await openInside(mediaDir, library.pathOf(track)) : null;
      if (!track || !opened) return notFound(reply);
      cacheHeaders(reply, track, request.query.v);
      return sendOpenedFile(request, reply, opened, track.mimeType);
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
      const opened = path && isHeard(hash) ? await openInside(renditions.dir, path) : null;
      if (!opened) return notFound(reply);
      reply
        .header('Cache-Control', IMMUTABLE)
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Access-Control-Allow-Origin', '*');
      return sendOpenedFile(request, reply, opened, RENDITION_TYPES[extensionOf(file)] ?? 'application/octet-stream');
    },
  );

  app.get<{ Params: TrackParams; Querystring: VersionQuery }>(
    '/media-covers/:playlist/:file',
    async (request, reply) => {
      const track = library.track(request.params.playlist, request.params.file);
      const cover = track?.hasCover ? await readCover(mediaDir, library.pathOf(track)) : null;
      if (!track || !cover) return notFound(reply);
      cacheHeaders(reply, track, request.query.v);
      return reply.type(cover.type).send(Buffer.from(cover.data));
    },
  );
};

export default mediaRoutes;
