/**
 * The real app with its studio, for the tests of the studio's routes: a fixture site, a tiny
 * build of the studio, and a second connection to the app's own studio database.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { openSqliteStudioStore } from '../../../server/services/stores/open-studio-store.ts';
import type { StudioStore } from '../../../server/services/studio/studio-store.ts';
import { buildTestApp, createFixtureSite, createStudioBuild, type FixtureSite } from './fixture-site.ts';

export interface StudioApp {
  site: FixtureSite;
  /** The studio build the app serves (STUDIO_DIR). */
  studioDir: string;
  app: FastifyInstance;
  /** A second connection to the app's own database, as `npm run studio` opens it. */
  store: StudioStore;
}

/** Before the file's tests: the app configured by `env`, handed to `keep`; after them, closed and removed. */
export function useStudioApp(env: Record<string, string>, keep: (served: StudioApp) => void): void {
  let site: FixtureSite | undefined;
  let studio: ReturnType<typeof createStudioBuild> | undefined;
  let app: FastifyInstance | undefined;
  let store: StudioStore | undefined;
  beforeAll(async () => {
    site = createFixtureSite();
    studio = createStudioBuild();
    app = await buildTestApp(site, { ...env, STUDIO_DIR: studio.dir });
    store = await openSqliteStudioStore(site.dataDir);
    keep({ site, studioDir: studio.dir, app, store });
  });
  afterAll(async () => {
    await store?.close();
    await app?.close();
    site?.cleanup();
    studio?.cleanup();
  });
}
