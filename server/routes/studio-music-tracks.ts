/**
 * A track's public title and its release, from the studio's music page: `POST /music/title`
 * gives a track the title visitors see (an empty one goes back to its tags'), and
 * `POST /music/attach` makes it a release's: moved into the release's playlist folder, and for
 * a single, titled as the single, since a single's button plays the track of its title.
 * Registered under `/studio/api`, behind the studio's session check; names from the client
 * are used only when the library or `content/releases/` has them exactly.
 */
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { MediaLibrary } from '../services/media/media-library.ts';
import { moveTrack, readReleases, writeTitle } from '../services/media/music-releases.ts';
import { playlistName } from '../services/media/upload/safe-names.ts';
import { cleanTitle, MAX_TRACK_TITLE } from '../../src/lib/track-names.ts';
import { refuse } from '../services/studio/studio-http.ts';

export interface StudioMusicTracksOptions {
  library: MediaLibrary;
  mediaDir: string;
  contentDir: string;
}

const NAME = { type: 'string', minLength: 1, maxLength: 1000 } as const;
const body = (properties: Record<string, object>) => ({
  body: { type: 'object', required: Object.keys(properties), additionalProperties: false, properties },
});

const studioMusicTracksRoutes: FastifyPluginAsync<StudioMusicTracksOptions> = async (app, options) => {
  const { library, mediaDir, contentDir } = options;
  const noTrack = 'There is no such track.';

  app.post<{ Body: { playlist: string; file: string; title: string } }>(
    '/music/title',
    // Room for spaces the title loses when it is cleaned; the cleaned one is held to MAX_TRACK_TITLE.
    { schema: body({ playlist: NAME, file: NAME, title: { type: 'string', maxLength: MAX_TRACK_TITLE * 2 } }) },
    async (request, reply) => {
      const track = library.track(request.body.playlist, request.body.file);
      if (!track) return refuse(reply, 404, 'NOT_FOUND', noTrack);
      const given = request.body.title.trim() === '' ? null : cleanTitle(request.body.title);
      if (given === null && request.body.title.trim() !== '') {
        return refuse(
          reply,
          400,
          'INVALID_REQUEST',
          `A title has 1 to ${MAX_TRACK_TITLE} characters and no control characters.`,
        );
      }
      await writeTitle(join(mediaDir, track.playlist), track.file, given);
      await library.rescan();
      const now = library.track(track.playlist, track.file);
      return { playlist: track.playlist, file: track.file, title: now?.title ?? given };
    },
  );

  app.post<{ Body: { playlist: string; file: string; release: string } }>(
    '/music/attach',
    { schema: body({ playlist: NAME, file: NAME, release: { type: 'string', minLength: 1, maxLength: 200 } }) },
    async (request, reply) => {
      const track = library.track(request.body.playlist, request.body.file);
      if (!track) return refuse(reply, 404, 'NOT_FOUND', noTrack);
      const release = (await readReleases(contentDir)).find((one) => one.slug === request.body.release);
      if (!release) return refuse(reply, 404, 'NOT_FOUND', 'There is no such release.');
      if (playlistName(release.playlist) !== release.playlist) {
        return refuse(reply, 400, 'INVALID_REQUEST', 'The release names a playlist no folder can have.');
      }
      if (release.playlist !== track.playlist) {
        const moved = await moveTrack(mediaDir, track.playlist, track.file, release.playlist);
        if (!moved) {
          return refuse(reply, 409, 'ALREADY_EXISTS', `${release.playlist} already has a file of this name.`);
        }
      }
      if (release.kind === 'Single') await writeTitle(join(mediaDir, release.playlist), track.file, release.title);
      await library.rescan();
      const now = library.track(release.playlist, track.file);
      return { playlist: release.playlist, file: track.file, title: now?.title ?? release.title };
    },
  );
};

export default studioMusicTracksRoutes;
