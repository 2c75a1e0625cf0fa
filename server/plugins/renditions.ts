/**
 * The renditions service over `app.library` as `app.renditions`. It closes (its ffmpeg
 * stopped) before the library it reads, which is registered first.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { renditionLimits, type Config } from '../config.ts';
import { openRenditions, type Renditions } from '../services/renditions/renditions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    renditions: Renditions;
  }
}

const renditionsPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const renditions = await openRenditions({
    library: app.library,
    dir: config.RENDITIONS_DIR,
    ffmpeg: config.FFMPEG_PATH,
    mode: config.LOUDNESS_MODE,
    limits: renditionLimits(config),
    log: app.log,
  });
  app.decorate('renditions', renditions);
  app.addHook('onClose', () => renditions.close());
};

export default fp(renditionsPlugin, { name: 'renditions', dependencies: ['media-library'] });
