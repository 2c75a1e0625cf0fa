/**
 * An app over the fixture site whose publisher runs the fixture build (fixture-build.ts) in a
 * stand-in project, and a browser signed in to its studio through the real sign-in, to call
 * the publishing routes as the studio does.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { BuildStep } from '../../../server/services/publish/build-run.ts';
import { openStudioStore } from '../../../server/services/stores/open-studio-store.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';
import { signedInBrowser, type StudioBrowser } from './studio-browser.ts';

const FIXTURE_BUILD = resolve('tests/unit/server/fixture-build.ts');
/** The studio's address in these apps: the sign-in's passkeys and the changes' Origin. */
const STUDIO_ORIGIN = 'https://studio.example';
let people = 0;

/** How the next fixture builds behave. */
export interface BuildBehaviour {
  mode: 'site' | 'fail' | 'nothing';
  /** A file the next build waits for (it writes `<gate>.started` first); cleared once used. */
  gate: string | null;
}

export interface PublishFixture {
  site: FixtureSite;
  /** The stand-in project the builds run in. */
  projectDir: string;
  buildsDir: string;
  behaviour: BuildBehaviour;
  /** Saves the edition the next build writes into every page. */
  save: (edition: string) => void;
  /** Each build's `start <edition>` and `end` lines, in order, across instances. */
  buildLog: () => string[];
  /**
   * Saves `edition` and starts its build on `app`, held at a gate until the returned function
   * opens it; resolves once the build runs.
   */
  startHeldBuild: (app: FastifyInstance, edition: string) => Promise<() => void>;
  /** An app over the fixture site; `env` adds configuration (DATABASE_URL for several instances). */
  app: (env?: Record<string, string>) => Promise<FastifyInstance>;
  /** A browser signed in to `app`'s studio as a new person. */
  studio: (app: FastifyInstance, env?: Record<string, string>) => Promise<StudioBrowser>;
  cleanup: () => Promise<void>;
}

export function createPublishFixture(): PublishFixture {
  const site = createFixtureSite();
  const projectDir = mkdtempSync(join(tmpdir(), 'publish-project-'));
  mkdirSync(join(projectDir, 'content'));
  const editionFile = join(projectDir, 'content', 'edition.txt');
  const buildsDir = join(site.dataDir, 'builds');
  const logFile = join(projectDir, 'builds.log');
  writeFileSync(logFile, '');
  const behaviour: BuildBehaviour = { mode: 'site', gate: null };
  const apps: FastifyInstance[] = [];

  const build = (outDir: string): BuildStep[] => {
    const env: Record<string, string> = {
      FIXTURE_BUILD_EDITION: editionFile,
      FIXTURE_BUILD_LOG: logFile,
      FIXTURE_BUILD_MODE: behaviour.mode,
    };
    if (behaviour.gate) env['FIXTURE_BUILD_GATE'] = behaviour.gate;
    behaviour.gate = null;
    return [{ stage: 'pages', command: process.execPath, args: [FIXTURE_BUILD, outDir], env }];
  };

  return {
    site,
    projectDir,
    buildsDir,
    behaviour,
    save: (edition) => writeFileSync(editionFile, edition),
    startHeldBuild: async (app, edition) => {
      const gate = join(projectDir, `gate-${edition}`);
      behaviour.gate = gate;
      writeFileSync(editionFile, edition);
      await app.publisher.requestBuild();
      await expect.poll(() => existsSync(`${gate}.started`), { timeout: 10_000 }).toBe(true);
      return () => writeFileSync(gate, '');
    },
    buildLog: () => readFileSync(logFile, 'utf8').split('\n').filter(Boolean),
    app: async (env = {}) => {
      const app = await buildTestApp(
        site,
        { BUILDS_DIR: buildsDir, STUDIO_ORIGIN, ...env },
        {
          watchMedia: false,
          publish: { projectDir, build, checkIntervalMs: 200 },
        },
      );
      apps.push(app);
      return app;
    },
    studio: async (app, env = {}) => {
      // The app's own database, as `npm run studio -- invite` opens it.
      const store = await openStudioStore({ databaseUrl: env['DATABASE_URL'] ?? null, dataDir: site.dataDir });
      try {
        return await signedInBrowser(app, store, STUDIO_ORIGIN, `Artist ${(people += 1)}`);
      } finally {
        await store.close();
      }
    },
    cleanup: async () => {
      await Promise.all(apps.map((app) => app.close()));
      site.cleanup();
      rmSync(projectDir, { recursive: true, force: true });
    },
  };
}
