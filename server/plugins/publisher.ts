/**
 * The served site and its publisher as `app.site` and `app.publisher`: the site is the
 * current build of BUILDS_DIR (DIST_DIR before the first publish), replaced when a build or
 * a rollback goes live here or on another instance sharing the folder.
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { FALLBACK_LANG } from '../../src/lib/languages.ts';
import { CURRENT, earlierBuildDirs, linkTarget } from '../services/publish/build-folders.ts';
import { siteBuild, type BuildCommand } from '../services/publish/build-run.ts';
import { localTurns, postgresTurns } from '../services/publish/build-turns.ts';
import { openCurrentSite, openPublisher, type Publisher } from '../services/publish/publisher.ts';
import { readReleaseMoments, scheduleReleases } from '../services/publish/release-schedule.ts';
import { holdSite, type CspContext, type CurrentSite } from '../services/site/served-site.ts';

declare module 'fastify' {
  interface FastifyInstance {
    site: CurrentSite;
    publisher: Publisher;
  }
}

/** What tests change: where the build runs, and what it runs. */
export interface PublishOptions {
  /** The project built (its `content/` is what the studio edits); this repository by default. */
  projectDir?: string;
  /** The programs of a build; the site's real build by default. */
  build?: BuildCommand;
  /** How often `current` is checked besides watching BUILDS_DIR. */
  checkIntervalMs?: number;
}

export interface PublisherPluginOptions {
  config: Config;
  publish?: PublishOptions | undefined;
  /** Runs once before each build, given the content folder the build reads. */
  beforeBuild?: ((contentDir: string) => Promise<unknown>) | undefined;
}

const REPOSITORY = resolve(import.meta.dirname, '..', '..');

/** The project the site is built from: this repository, unless a test gives its own. */
export function projectDirOf(publish: PublishOptions | undefined): string {
  return publish?.projectDir ?? REPOSITORY;
}
/** A network folder may not report changes: the link is read this often anyway. */
const CHECK_INTERVAL_MS = 5_000;
/** Far beyond a real build (about a minute): only a build that hangs reaches it. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

/** When the site served at start was built: its home page's time (0 when there is none). */
async function servedSince(buildsDir: string, distDir: string): Promise<number> {
  const live = await linkTarget(buildsDir, CURRENT);
  const home = join(live ? join(buildsDir, live) : distDir, `${FALLBACK_LANG}.html`);
  return (await stat(home).catch(() => null))?.mtimeMs ?? 0;
}

const publisherPlugin: FastifyPluginAsync<PublisherPluginOptions> = async (
  app,
  { config, publish = {}, beforeBuild },
) => {
  const cspContext: CspContext = {
    mediaOrigin: config.MEDIA_BASE_URL.startsWith('http') ? new URL(config.MEDIA_BASE_URL).origin : null,
  };
  // The builds served before, read from BUILDS_DIR when asked, so that their hashed files are
  // found after a restart, and by every instance, as after a publish.
  const site = holdSite(await openCurrentSite(config.BUILDS_DIR, config.DIST_DIR, cspContext), (currentDir) =>
    earlierBuildDirs(config.BUILDS_DIR, config.DIST_DIR, currentDir),
  );
  const projectDir = projectDirOf(publish);
  const turns = config.DATABASE_URL ? await postgresTurns(config.DATABASE_URL) : localTurns();
  // A release dated in the future is built again at its moment; each site that goes live may bring new moments.
  const schedule = scheduleReleases({
    readMoments: () => readReleaseMoments(join(projectDir, 'content', 'releases')),
    publish: () => publisher.requestBuild(),
    log: app.log.child({ part: 'release-schedule' }),
  });
  const publisher = await openPublisher({
    buildsDir: config.BUILDS_DIR,
    projectDir,
    build: publish.build ?? siteBuild(projectDir, config.MEDIA_DIR),
    turns,
    site,
    cspContext,
    log: app.log.child({ part: 'publisher' }),
    checkIntervalMs: publish.checkIntervalMs ?? CHECK_INTERVAL_MS,
    buildTimeoutMs: BUILD_TIMEOUT_MS,
    retainMs: config.BUILD_RETENTION_HOURS * 3_600_000,
    beforeBuild: beforeBuild && (() => beforeBuild(join(projectDir, 'content'))),
  }).catch(async (error: unknown) => {
    await turns.close();
    throw error;
  });
  site.onInstall(() => void schedule.rearm());
  app.decorate('site', site);
  app.decorate('publisher', publisher);
  await schedule.rearm();
  await schedule.catchUp(await servedSince(config.BUILDS_DIR, config.DIST_DIR));
  app.addHook('onClose', async () => {
    schedule.close();
    await publisher.close();
    await turns.close();
  });
};

export default fp(publisherPlugin, { name: 'publisher' });
