/**
 * An app over the fixture site whose publisher runs the fixture build (fixture-build.ts) in a
 * stand-in project, and the studio's publishing routes with a signed-in person set by a
 * fixture hook, standing in for the studio's session check.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import studioPublishRoutes from '../../../server/routes/studio-publish.ts';
import type { BuildStep } from '../../../server/services/publish/build-run.ts';
import type { StudioPerson } from '../../../server/services/studio/studio-person.ts';
import { buildTestApp, createFixtureSite, type FixtureSite } from './fixture-site.ts';

const FIXTURE_BUILD = resolve('tests/unit/server/fixture-build.ts');
export const ARTIST: StudioPerson = { id: 1, name: 'André' };

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
  app: (env?: Record<string, string>, signedIn?: () => StudioPerson | null) => Promise<FastifyInstance>;
  cleanup: () => Promise<void>;
}

export function createPublishFixture(): PublishFixture {
  const site = createFixtureSite();
  const projectDir = mkdtempSync(join(tmpdir(), 'publish-project-'));
  mkdirSync(join(projectDir, 'content'));
  const buildsDir = join(site.dataDir, 'builds');
  const logFile = join(projectDir, 'builds.log');
  writeFileSync(logFile, '');
  const behaviour: BuildBehaviour = { mode: 'site', gate: null };
  const apps: FastifyInstance[] = [];

  const build = (outDir: string): BuildStep[] => {
    const env: Record<string, string> = { FIXTURE_BUILD_LOG: logFile, FIXTURE_BUILD_MODE: behaviour.mode };
    if (behaviour.gate) env['FIXTURE_BUILD_GATE'] = behaviour.gate;
    behaviour.gate = null;
    return [{ stage: 'pages', command: process.execPath, args: [FIXTURE_BUILD, outDir], env }];
  };

  return {
    site,
    projectDir,
    buildsDir,
    behaviour,
    save: (edition) => writeFileSync(join(projectDir, 'content', 'edition.txt'), edition),
    startHeldBuild: async (app, edition) => {
      const gate = join(projectDir, `gate-${edition}`);
      behaviour.gate = gate;
      writeFileSync(join(projectDir, 'content', 'edition.txt'), edition);
      await app.publisher.requestBuild();
      await expect.poll(() => existsSync(`${gate}.started`), { timeout: 10_000 }).toBe(true);
      return () => writeFileSync(gate, '');
    },
    buildLog: () => readFileSync(logFile, 'utf8').split('\n').filter(Boolean),
    app: async (env = {}, signedIn = () => ARTIST) => {
      const app = await buildTestApp(
        site,
        { BUILDS_DIR: buildsDir, ...env },
        {
          watchMedia: false,
          publish: { projectDir, build, checkIntervalMs: 200 },
        },
      );
      apps.push(app);
      await app.register(
        async (scope) => {
          // Stands in for the studio's session check, which sets the signed-in person.
          if (!scope.hasRequestDecorator('studioPerson')) scope.decorateRequest('studioPerson', null);
          scope.addHook('onRequest', async (request) => {
            request.studioPerson = signedIn();
          });
          await scope.register(studioPublishRoutes, { publisher: app.publisher });
        },
        { prefix: '/studio/api' },
      );
      return app;
    },
    cleanup: async () => {
      await Promise.all(apps.map((app) => app.close()));
      site.cleanup();
      rmSync(projectDir, { recursive: true, force: true });
    },
  };
}
