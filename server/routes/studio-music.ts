/**
 * The studio's music: every playlist with its tracks' state and waveform (`GET /music`), a
 * new playlist, the artist's track order, removing a track to the trash and restoring it,
 * and a stream of Server-Sent Events telling the page when anything changed (a file added,
 * a rendition made). Registered under `/studio/api`, behind the studio's session check.
 * A name from the client is used only when it is exactly one the library lists. What has been
 * in the trash longer than TRASH_KEEP_MS is deleted at start and every hour.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { MAX_PLAYLIST_NAME_LENGTH, type MusicAnswer, type StudioTrack } from '../../src/lib/studio-music.ts';
import type { MediaLibrary } from '../services/media/media-library.ts';
import { TRASH_KEEP_MS, type MediaTrash } from '../services/media/media-trash.ts';
import { describeCatalogue, withoutPaths } from '../services/media/music-listing.ts';
import { readReleases, releasePlays } from '../services/media/music-releases.ts';
import { playlistName } from '../services/media/upload/safe-names.ts';
import { readOrder } from '../../src/lib/playlist-order.ts';
import { writeOrder } from '../services/media/playlist-order.ts';
import type { Renditions } from '../services/renditions/renditions.ts';
import { waveformReader } from '../services/media/music-waveform.ts';
import { refuse, STUDIO_HEADERS } from '../services/studio/studio-http.ts';

export interface StudioMusicOptions {
  library: MediaLibrary;
  renditions: Renditions;
  mediaDir: string;
  /** Where the releases are read from, to show what each one's button plays. */
  contentDir: string;
  trash: MediaTrash;
  maxUploadBytes: number;
  /** How often an open event stream looks for changes, in ms. */
  eventsCheckMs?: number;
  /** An event stream is closed after this long (the page opens a new one, its session checked again). */
  eventsLifetimeMs?: number;
}

/** Names from the client: strings of a bounded length (the library decides whether they exist). */
const NAME = { type: 'string', minLength: 1, maxLength: 1000 } as const;
const MAX_TRACKS = 10_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const body = (properties: Record<string, object>) => ({
  body: { type: 'object', required: Object.keys(properties), additionalProperties: false, properties },
});

const studioMusicRoutes: FastifyPluginAsync<StudioMusicOptions> = async (app, options) => {
  const { library, renditions, mediaDir, trash } = options;
  const waveformOf = waveformReader();
  const noPlaylist = (reply: FastifyReply) => refuse(reply, 404, 'NOT_FOUND', 'There is no such playlist.');
  const isPlaylist = (name: string) => library.playlists().some((playlist) => playlist.name === name);

  // What was removed more than TRASH_KEEP_MS ago goes for good, looked at on start and hourly.
  const purge = () =>
    void trash.purge().catch((error: unknown) => {
      app.log.warn({ reason: (error as Error).message }, 'could not empty the old trash');
    });
  purge();
  const purgeTimer = setInterval(purge, HOUR_MS).unref();

  app.get('/music', async (): Promise<MusicAnswer> => {
    const playlists = await Promise.all(
      describeCatalogue(library, renditions).map(async (playlist) => ({
        name: playlist.name,
        tracks: await Promise.all(
          playlist.tracks.map(async (track): Promise<StudioTrack> => {
            const path = track.peaks && renditions.servedFile(track.peaks.hash, track.peaks.file);
            return { ...track, failure: withoutPaths(track.failure), waveform: path ? await waveformOf(path) : null };
          }),
        ),
      })),
    );
    return {
      playlists,
      trash: await trash.list(),
      maxUploadBytes: options.maxUploadBytes,
      trashDays: TRASH_KEEP_MS / DAY_MS,
      releases: releasePlays(await readReleases(options.contentDir), library),
    };
  });

  app.post<{ Body: { name: string } }>(
    '/music/playlists',
    { schema: body({ name: { type: 'string', minLength: 1, maxLength: MAX_PLAYLIST_NAME_LENGTH } }) },
    async (request, reply) => {
      const name = playlistName(request.body.name);
      if (!name) return refuse(reply, 400, 'INVALID_REQUEST', 'The name has nothing usable for a folder.');
      try {
        await mkdir(join(mediaDir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return refuse(reply, 409, 'ALREADY_EXISTS', 'There is a playlist of this name already.');
      }
      await library.rescan();
      return reply.code(201).send({ name });
    },
  );

  app.post<{ Body: { playlist: string; files: string[] } }>(
    '/music/order',
    { schema: body({ playlist: NAME, files: { type: 'array', maxItems: MAX_TRACKS, items: NAME } }) },
    async (request, reply) => {
      const { playlist, files } = request.body;
      if (!isPlaylist(playlist)) return noPlaylist(reply);
      const folder = join(mediaDir, playlist);
      const known = new Set(library.tracks(playlist).map((track) => track.file));
      // Names of files not there now (removed, or to come back from the trash) keep their place.
      const wanted = [...new Set(files.filter((file) => known.has(file)))];
      const kept = (await readOrder(folder)).filter((file) => !known.has(file));
      await writeOrder(folder, [...wanted, ...kept]);
      await library.rescan();
      return { playlist, files: library.tracks(playlist).map((track) => track.file) };
    },
  );

  app.post<{ Body: { playlist: string; file: string } }>(
    '/music/remove',
    { schema: body({ playlist: NAME, file: NAME }) },
    async (request, reply) => {
      const track = library.track(request.body.playlist, request.body.file);
      if (!track) return refuse(reply, 404, 'NOT_FOUND', 'There is no such track.');
      const removed = await trash.remove(track.playlist, track.file);
      await library.rescan();
      return { removed };
    },
  );

  app.post<{ Body: { id: string } }>('/music/restore', { schema: body({ id: NAME }) }, async (request, reply) => {
    const restored = await trash.restore(request.body.id);
    if (!restored) return refuse(reply, 404, 'NOT_FOUND', 'There is no such track in the trash.');
    await library.rescan();
    return { restored };
  });

  /** Open event streams, ended when the server closes. */
  const streams = new Set<() => void>();
  // Before the server stops taking connections: it would wait for the open streams forever.
  app.addHook('preClose', async () => {
    clearInterval(purgeTimer);
    for (const end of streams) end();
  });

  // Sends `change` whenever the library's index or a track's renditions moved on; the page
  // fetches the listing again. The stream is written raw: after hijack no hook adds headers.
  app.get('/music/events', async (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...STUDIO_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      // nginx passes each event on at once instead of filling its buffer first.
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 2000\n\n');
    const versionNow = () => `${library.version()}.${renditions.version()}`;
    let sent = versionNow();
    let quietChecks = 0;
    const check = () => {
      const now = versionNow();
      if (now === sent) {
        // A comment now and then keeps a quiet stream from being cut by a proxy's read timeout.
        quietChecks += 1;
        if (quietChecks % 25 === 0) raw.write(': still here\n\n');
        return;
      }
      sent = now;
      raw.write(`event: change\ndata: ${now}\n\n`);
    };
    const unsubscribe = library.onChange(check);
    const timer = setInterval(check, options.eventsCheckMs ?? 1000);
    const lifetime = setTimeout(() => end(), options.eventsLifetimeMs ?? 10 * 60 * 1000);
    const end = () => {
      unsubscribe();
      clearInterval(timer);
      clearTimeout(lifetime);
      streams.delete(end);
      raw.end();
    };
    streams.add(end);
    request.raw.on('close', end);
  });
};

export default studioMusicRoutes;
