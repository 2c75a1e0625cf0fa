/**
 * The studio's content backend on a copy of the project whose content is the tests' own, inside
 * a temporary `git init` repository. The studio's sign-in is another part: here a test hook sets `request.studioPerson`,
 * as its session check does for every `/studio/api/` route.
 */
import cookie from '@fastify/cookie';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import studioContentRoutes from '../../../server/routes/studio-content.ts';
import type { VideoThumbnailOptions } from '../../../server/services/studio-content/video-thumbnails.ts';
import type { StudioPerson } from '../../../server/services/studio/studio-person.ts';
import { copyProject } from '../../../perf/harness/project-copy.ts';
import { writeFixtureContent } from './studio-content-files.ts';

export const PERSON: StudioPerson = { id: 7, name: 'André' };
export const MEDIA_FOLDER = 'releases/covers';
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export interface StudioContentFixture {
  app: FastifyInstance;
  root: string;
  contentDir: string;
  /** What `onSaved` was told, in order. */
  saved: { paths: string[]; person: StudioPerson }[];
  /** `POST /studio/api/content` with Decap's body shape. */
  content: (action: string, params: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** Runs git in the repository; its output. */
  git: (...args: string[]) => string;
  read: (path: string) => string;
  cleanup: () => Promise<void>;
}

/** A copy of the project in a fresh repository, and the plugin serving its `content/`. */
export async function createStudioContentFixture(
  options: { git?: boolean; videoThumbnails?: VideoThumbnailOptions } = {},
): Promise<StudioContentFixture> {
  const root = copyProject('studio-content-', { content: false });
  const contentDir = join(root, 'content');
  writeFixtureContent(contentDir);
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 't@t.invalid',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 't@t.invalid',
      },
    });
  if (options.git !== false) {
    git('init', '--quiet', '--initial-branch=main');
    git('add', '--all');
    git('-c', 'commit.gpgsign=false', 'commit', '--quiet', '-m', 'The content as it was');
  }
  const saved: StudioContentFixture['saved'] = [];
  const app = Fastify();
  // As in the app: the studio's language comes in a cookie.
  await app.register(cookie);
  app.decorateRequest('studioPerson', null);
  // Stands in for the studio's session check (another part of the studio).
  app.addHook('onRequest', async (request) => {
    request.studioPerson = PERSON;
  });
  await app.register(studioContentRoutes, {
    prefix: '/studio/api',
    contentDir,
    mediaFolder: MEDIA_FOLDER,
    maxImageBytes: MAX_IMAGE_BYTES,
    videoThumbnails: options.videoThumbnails,
    onSaved: (change) => saved.push(change),
  });
  await app.ready();
  return {
    app,
    root,
    contentDir,
    saved,
    content: (action, params, headers = {}) =>
      app.inject({
        method: 'POST',
        url: '/studio/api/content',
        headers,
        payload: { action, params: params === undefined ? undefined : { branch: 'main', ...(params as object) } },
      }),
    git,
    read: (path) => readFileSync(join(contentDir, path), 'utf8'),
    cleanup: async () => {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
