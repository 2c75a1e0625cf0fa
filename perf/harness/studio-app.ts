/**
 * The real app with its studio on temporary folders: a copy of the project whose content is its
 * own Git repository, a media library and a data folder of its own. The studio's end-to-end
 * tests and screenshots run on it, so nothing touches the repository's content or media.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { freePort } from './engines.ts';
import { copyProject } from './project-copy.ts';
import { startThumbnailService } from './thumbnail-service.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openStudioStore } from '../../server/services/stores/open-studio-store.ts';
import { hashToken, newToken } from '../../server/services/studio/tokens.ts';
import { INVITATION_FRAGMENT_KEY } from '../../src/lib/studio-auth.ts';

export interface StudioApp {
  app: FastifyInstance;
  /** `http://localhost:<port>`: WebAuthn accepts plain http on localhost only. */
  origin: string;
  /** The environment the app was configured from (for the CLIs run beside it). */
  env: NodeJS.ProcessEnv;
  /** The project copy, its content folder, the media library and the data folder. */
  dirs: { project: string; content: string; media: string; data: string };
  /** An invitation link for `name`, as `npm run studio -- invite` prints it. */
  invite(name: string): Promise<string>;
  /** Stops the app and removes its folders. */
  close(): Promise<void>;
}

export interface StudioAppOptions {
  /** Names the temporary folders. */
  prefix: string;
  /** More configuration (e.g. FFMPEG_PATH, a size limit). */
  env?: Record<string, string>;
  /** Rebuild the media index when files change (default true, as the server does). */
  watchMedia?: boolean;
  /** A media library to serve as it is (kept at close); by default an empty one of its own. */
  mediaDir?: string;
}

/** Starts the app on a free loopback port. */
export async function startStudioApp({
  prefix,
  env: extra = {},
  watchMedia = true,
  mediaDir,
}: StudioAppOptions): Promise<StudioApp> {
  const project = copyProject(prefix);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=t@t.invalid', ...args], { cwd: project });
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('-c', 'commit.gpgsign=false', 'commit', '--quiet', '-m', 'The content as it was');
  const dirs = {
    project,
    content: join(project, 'content'),
    media: mediaDir ?? mkdtempSync(join(tmpdir(), `${prefix}media-`)),
    data: mkdtempSync(join(tmpdir(), `${prefix}data-`)),
  };
  // The video service's thumbnails come from this machine, never from the internet.
  const thumbnails = await startThumbnailService();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    STUDIO_ORIGIN: origin,
    DIST_DIR: resolve('dist'),
    STUDIO_DIR: resolve('dist-studio'),
    CONTENT_DIR: dirs.content,
    DATA_DIR: dirs.data,
    MEDIA_DIR: dirs.media,
    LOG_LEVEL: 'silent',
    VIDEO_THUMBNAIL_ORIGIN: thumbnails.origin,
    ...extra,
  };
  const config = loadConfig(env);
  const app = await buildApp(config, { watchMedia, publish: { projectDir: project } });
  await app.listen({ host: '127.0.0.1', port });

  return {
    app,
    origin,
    env,
    dirs,
    async invite(name) {
      const store = await openStudioStore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      try {
        const token = newToken();
        await store.invite(name, hashToken(token));
        return `${origin}/studio/#${INVITATION_FRAGMENT_KEY}=${token}`;
      } finally {
        await store.close();
      }
    },
    async close() {
      await app.close();
      await thumbnails.close();
      for (const dir of [project, dirs.data, ...(mediaDir ? [] : [dirs.media])])
        rmSync(dir, { recursive: true, force: true });
    },
  };
}
