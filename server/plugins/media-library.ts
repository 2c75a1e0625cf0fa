/** The media library's index (MEDIA_DIR) as `app.library`, its watcher stopped when the app closes. */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { openMediaLibrary, type MediaLibrary } from '../services/media/media-library.ts';

declare module 'fastify' {
  interface FastifyInstance {
    library: MediaLibrary;
  }
}

const mediaLibraryPlugin: FastifyPluginAsync<{ dir: string; watch: boolean }> = async (app, { dir, watch }) => {
  const library = await openMediaLibrary({ dir, log: app.log, watch });
  app.decorate('library', library);
  app.addHook('onClose', async () => library.close());
};

export default fp(mediaLibraryPlugin, { name: 'media-library' });
