/**
 * The studio's page and its scripts from STUDIO_DIR (`npm run build` writes them): the page at
 * `/studio`, `/studio/` and each part's address (`/studio/music`…), its content-hashed files
 * under `/studio/assets/`, and a JSON 404 for anything else under `/studio`, never the public
 * site's redirect.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { STUDIO_SECTIONS, studioSectionPath } from '../../src/lib/studio-auth.ts';
import { refuse } from '../services/studio/studio-http.ts';

export interface StudioPagesOptions {
  /** The built studio: index.html and assets/. */
  dir: string;
}

const studioPages: FastifyPluginAsync<StudioPagesOptions> = async (app, { dir }) => {
  // Read at each request (it is small and rarely asked for), so a new build is served at once.
  const sendShell = async (reply: FastifyReply) => {
    const html = await readFile(join(dir, 'index.html')).catch(() => null);
    if (!html) return refuse(reply, 503, 'STUDIO_UNAVAILABLE', 'The studio is not built yet.');
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.get('/studio', async (_request, reply) => sendShell(reply));
  app.get('/studio/', async (_request, reply) => sendShell(reply));
  for (const section of STUDIO_SECTIONS) {
    if (section !== 'content') app.get(studioSectionPath(section), async (_request, reply) => sendShell(reply));
  }

  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/studio/assets/',
    // The site's own registration already decorates the reply.
    decorateReply: false,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
  });

  app.all('/studio/*', async (_request, reply) => refuse(reply, 404, 'NOT_FOUND', 'There is nothing here.'));
};

export default studioPages;
