/**
 * Publishing: after a save, the site is built in the background into a new folder of
 * BUILDS_DIR, checked, and switched live (the `current` link, then the served site in memory);
 * the build before it stays for rollback, older ones are deleted. At most one build runs at a
 * time, across instances too (see build-turns.ts), and every instance watching BUILDS_DIR
 * serves whatever `current` names.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, realpath, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LANGUAGES } from '../../../src/lib/languages.ts';
import { loadServedSite, type CspContext, type CurrentSite, type ServedSite } from '../site/served-site.ts';
import { CURRENT, linkTarget, newBuildFolder, pointLink, PREVIOUS, pruneBuilds } from './build-folders.ts';
import { BuildFailure, runBuild, type BuildCommand } from './build-run.ts';
import { BUSY, type BuildTurns } from './build-turns.ts';
import { readPublishRecord, writePublishRecord, type PublishRecord } from './publish-state.ts';

/** What the studio shows: the recorded state, and whether there is a build to go back to. */
export type PublishStatus = PublishRecord & { canRollback: boolean };

export type RollbackResult = 'rolled-back' | 'nothing-to-roll-back' | 'busy';

export interface Publisher {
  /** Starts a build now, or one more after the running one (requests during a build make one more in all). */
  requestBuild: () => Promise<void>;
  status: () => Promise<PublishStatus>;
  /** Serves the previous build again (and keeps the one it replaces as the previous). */
  rollback: () => Promise<RollbackResult>;
  /** Resolves when no build runs or is wanted on this instance. */
  whenIdle: () => Promise<void>;
  /** Stops the running build (its folder deleted, the live site untouched) and the watching. */
  close: () => Promise<void>;
}

export interface PublisherOptions {
  buildsDir: string;
  /** Where the build runs (the project's root). */
  projectDir: string;
  build: BuildCommand;
  turns: BuildTurns;
  /** The served site, replaced after each switch. */
  site: CurrentSite;
  cspContext: CspContext;
  log: FastifyBaseLogger;
  /** How often `current` is checked besides watching the folder (which a network folder may not report). */
  checkIntervalMs: number;
  /** A build program running longer than this is killed and the build fails. */
  buildTimeoutMs: number;
  /** How long a replaced build is kept for the pages still open on it (the previous one is always kept). */
  retainMs: number;
  /** Runs once before each build (fetching what the content still lacks); its failure never stops the build. */
  beforeBuild?: (() => Promise<unknown>) | undefined;
}

const INTERRUPTED = 'The build was interrupted: the server stopped while it ran. Save again, or publish by hand.';
const NOT_PUBLISHED = 'The build could not be published. Try again; if it fails again, the server’s log tells why.';

/** A build must have written the home page of every language, or it is not the site. */
async function loadBuiltSite(dir: string, context: CspContext): Promise<ServedSite> {
  const site = await loadServedSite(dir, context).catch(() => null);
  const missing = LANGUAGES.filter((lang) => !site?.pages.has(`/${lang}`));
  if (!site || missing.length > 0) {
    throw new BuildFailure(`The build wrote no site: the home page is missing (${missing.join(', ')}).`);
  }
  return site;
}

/** The site to serve at start: the current build, or `fallbackDir` before the first publish. */
export async function openCurrentSite(
  buildsDir: string,
  fallbackDir: string,
  context: CspContext,
): Promise<ServedSite> {
  const live = await linkTarget(buildsDir, CURRENT);
  return loadServedSite(live ? join(buildsDir, live) : fallbackDir, context);
}

export async function openPublisher(options: PublisherOptions): Promise<Publisher> {
  const { buildsDir, turns, site, log } = options;
  // A folder that cannot be made must not take the site down: builds then fail, and say so.
  await mkdir(buildsDir, { recursive: true }).catch((error: unknown) =>
    log.error({ err: error }, 'BUILDS_DIR cannot be created; publishing will fail'),
  );
  const realPaths = await Promise.all([options.projectDir, buildsDir].map((dir) => realpath(dir).catch(() => dir)));
  const privatePaths = [options.projectDir, buildsDir, ...realPaths, homedir()];
  const stopping = new AbortController();

  // Records are written one after another, in the order asked.
  let writing = Promise.resolve();
  const record = (change: Partial<PublishRecord>) => {
    writing = writing
      .then(async () => writePublishRecord(buildsDir, { ...(await readPublishRecord(buildsDir)), ...change }))
      .catch((error: unknown) => log.error({ err: error }, 'the publishing state could not be written'));
    return writing;
  };

  /** Switches `current` to the build `name` and serves it here (other instances see the link). */
  async function goLive(name: string, loaded: ServedSite, previous: string | null): Promise<void> {
    if (previous) await pointLink(buildsDir, PREVIOUS, previous);
    await pointLink(buildsDir, CURRENT, name);
    site.install(loaded);
  }

  async function build(count: number): Promise<void> {
    const started = Date.now();
    await record({ state: 'building', startedAt: new Date(started).toISOString(), error: null, progress: null });
    await options.beforeBuild?.().catch((error: unknown) => log.warn({ err: error }, 'before the build: failed'));
    const name = await newBuildFolder(buildsDir);
    const outDir = join(buildsDir, name);
    try {
      await runBuild(options.build(outDir), {
        cwd: options.projectDir,
        privatePaths: [outDir, ...privatePaths],
        onProgress: (progress) => void record({ progress }),
        signal: stopping.signal,
        timeoutMs: options.buildTimeoutMs,
      });
      const loaded = await loadBuiltSite(outDir, options.cspContext);
      const live = await linkTarget(buildsDir, CURRENT);
      await goLive(name, loaded, live);
      await pruneBuilds(buildsDir, [name, live], options.retainMs);
      const published = Date.now();
      await record({
        state: 'published',
        publishedAt: new Date(published).toISOString(),
        progress: null,
        tookMs: published - started,
      });
      log.info({ build: name }, 'published a new build of the site');
    } catch (error) {
      await rm(outDir, { recursive: true, force: true });
      const failure = error instanceof BuildFailure;
      if (!failure) log.error({ err: error, build: name }, 'a build could not be published');
      else log.warn({ build: name, reason: error.message }, 'a build failed; the live site is unchanged');
      await record({ state: 'failed', error: failure ? error.message : NOT_PUBLISHED, progress: null });
    } finally {
      await turns.covered(count);
    }
  }

  // Builds while builds are wanted and this instance holds the lock; another instance holding
  // it builds what is wanted when its build ends.
  let driving: Promise<void> | null = null;
  async function drive(): Promise<void> {
    while (!stopping.signal.aborted) {
      const held = await turns.withLock(async () => {
        const count = await turns.wanted();
        if (count !== null) await build(count);
      });
      // Asked again after letting go: a request made just before is then never left waiting.
      if (held === BUSY || (await turns.wanted()) === null) return;
    }
  }
  const startDriving = () => {
    driving ??= drive()
      .catch((error: unknown) => log.error({ err: error }, 'publishing stopped'))
      .finally(() => {
        driving = null;
      });
    return driving;
  };

  // Another instance (or a rollback) switched `current`: serve what it names.
  let checking: Promise<void> | null = null;
  let checksAsked = 0;
  async function followCurrent(): Promise<void> {
    for (let checked = 0; checked < checksAsked;) {
      checked = checksAsked;
      const live = await linkTarget(buildsDir, CURRENT);
      if (live && join(buildsDir, live) !== site.current.dir) {
        try {
          const loaded = await loadServedSite(join(buildsDir, live), options.cspContext);
          // Switched again while it was read: the next pass serves the newer one.
          if ((await linkTarget(buildsDir, CURRENT)) !== live) {
            checked -= 1;
            continue;
          }
          site.install(loaded);
          log.info({ build: live }, 'serving the build another instance published');
        } catch (error) {
          log.error({ err: error, build: live }, 'the published build could not be read');
        }
      }
    }
  }
  // Asked while a check runs, it runs once more after it.
  const check = () => {
    checksAsked += 1;
    checking ??= followCurrent().finally(() => {
      checking = null;
    });
  };
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(buildsDir, (_event, file) => {
      if (file === CURRENT) check();
    });
    watcher.on('error', () => undefined);
  } catch (error) {
    log.warn({ err: error }, 'BUILDS_DIR cannot be watched; checking it every few seconds');
  }
  const timer = setInterval(check, options.checkIntervalMs);
  timer.unref();

  // A build recorded as running that no instance runs (the lock is free) was cut short.
  await turns.withLock(async () => {
    if ((await readPublishRecord(buildsDir)).state === 'building')
      await record({ state: 'failed', error: INTERRUPTED });
  });
  // Requests another instance recorded but could not build (it stopped) are built now.
  void startDriving();

  return {
    requestBuild: async () => {
      await turns.request();
      void startDriving();
    },
    status: async () => ({
      ...(await readPublishRecord(buildsDir)),
      canRollback: (await linkTarget(buildsDir, PREVIOUS)) !== null,
    }),
    rollback: async () => {
      const result = await turns.withLock(async (): Promise<RollbackResult> => {
        const [live, before] = await Promise.all([linkTarget(buildsDir, CURRENT), linkTarget(buildsDir, PREVIOUS)]);
        if (!before) return 'nothing-to-roll-back';
        await goLive(before, await loadServedSite(join(buildsDir, before), options.cspContext), live);
        await record({
          state: 'published',
          publishedAt: new Date().toISOString(),
          error: null,
          progress: null,
          tookMs: null,
        });
        log.info({ build: before }, 'rolled back to the previous build');
        return 'rolled-back';
      });
      return result === BUSY ? 'busy' : result;
    },
    whenIdle: async () => {
      while (driving) await driving;
      await writing;
    },
    close: async () => {
      stopping.abort();
      clearInterval(timer);
      watcher?.close();
      await driving;
      await checking;
      await writing;
    },
  };
}
