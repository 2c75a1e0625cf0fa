/**
 * Serves the real build with the real server on a free port for the end-to-end tests, and
 * `dist/` alone from a bare static host, as a CDN would. Builds `dist/` first when `npm test`
 * asks for it (E2E_BUILD=1) or there is no build.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { waitForRenditions } from '../../perf/harness/renditions-ready.ts';
import { generateDemoMedia } from '../../scripts/demo-media/generate.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { TEST_ANALYTICS } from './analytics-ids.ts';
import { startStaticHost } from '../../perf/harness/static-host.ts';
import { productionBuildEnv } from '../../perf/harness/project-copy.ts';
import { startPreReleaseSite, type PreReleaseServed } from './pre-release-site.ts';
import { launchChromiumServer } from './chromium-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Our server, serving the build and the API. */
    baseUrl: string;
    /** A plain static file host serving `dist/`, with 404.html for misses. */
    staticUrl: string;
    /** The generated demo music the server plays, in a temporary folder. */
    mediaDir: string;
    /** The same site built with test analytics ids and the demo music, served by its own server. */
    analyticsUrl: string;
    /** That analytics build on a plain static file host. */
    staticAnalyticsUrl: string;
    /** A copy of the site with a release still to come, built once for every file that opens it. */
    preRelease: PreReleaseServed;
    /** Where the test files connect to the run's one Chromium. */
    chromiumEndpoint: string;
  }
}

const ANALYTICS_DIST = 'dist-analytics';

/** Short demo tracks, so a test can hear one end and the next begin. */
const DEMO_SECONDS = 3;

export default async function setup(project: TestProject) {
  const mediaDir = mkdtempSync(join(tmpdir(), 'e2e-media-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  await generateDemoMedia(mediaDir, DEMO_SECONDS);
  const startAnalyticsApp = () =>
    buildApp(
      loadConfig({
        ...process.env,
        DIST_DIR: ANALYTICS_DIST,
        MEDIA_DIR: mediaDir,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      }),
      { watchMedia: false },
    );
  // The builds run side by side before any test file starts, unit files included: `dist/` when
  // `npm test` asks (E2E_BUILD) or there is none, the analytics build and the pre-release copy.
  // The analytics build ends first: its server starts then and renders the demo masters while
  // `dist/` is still being made. Both servers share the data folder, so each master is rendered
  // once; every test then sees the same API answers.
  const [, analyticsApp, preRelease] = await Promise.all([
    process.env['E2E_BUILD'] === '1' || !existsSync('dist/pt.html') ? buildSite() : undefined,
    buildAnalyticsSite(mediaDir).then(startAnalyticsApp),
    startPreReleaseSite(),
  ]);
  const app = await buildApp(
    loadConfig({ ...process.env, DIST_DIR: 'dist', MEDIA_DIR: mediaDir, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const staticHost = await startStaticHost('dist');
  const staticAnalyticsHost = await startStaticHost(ANALYTICS_DIST);
  project.provide('analyticsUrl', await analyticsApp.listen({ host: '127.0.0.1', port: 0 }));
  await waitForRenditions(address);
  project.provide('baseUrl', address);
  project.provide('staticUrl', staticHost.url);
  project.provide('staticAnalyticsUrl', staticAnalyticsHost.url);
  project.provide('mediaDir', mediaDir);
  project.provide('preRelease', preRelease.served);
  const chromium = await launchChromiumServer();
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  return async () => {
    await chromium.close();
    await preRelease.close();
    await app.close();
    await analyticsApp.close();
    await staticHost.close();
    await staticAnalyticsHost.close();
    for (const folder of [mediaDir, dataDir]) rmSync(folder, { recursive: true, force: true });
  };
}

const run = promisify(execFile);

/**
 * `npm run build` as a deployment runs it, with an empty media library: the release pages then
 * list no tracks, so the build is the same on every machine whatever the local media/ holds
 * (`npm start` fills it with the demo set).
 */
async function buildSite(): Promise<void> {
  const noMusic = mkdtempSync(join(tmpdir(), 'no-music-'));
  try {
    await run('npm', ['run', 'build'], { env: productionBuildEnv({ MEDIA_DIR: noMusic }) });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed:\n${stdout}${stderr}`, { cause: error });
  } finally {
    rmSync(noMusic, { recursive: true, force: true });
  }
}

/**
 * The site built with test analytics ids and the demo music as its media library, as a
 * deployment is built with its music: its release pages list the tracks read from those files
 * (dist/ is built with whatever media/ holds, often nothing). Always rebuilt, so it never lags
 * behind the source.
 */
async function buildAnalyticsSite(mediaDir: string): Promise<void> {
  await run('npx', ['astro', 'build', '--silent'], {
    env: productionBuildEnv({
      ASTRO_OUT_DIR: `./${ANALYTICS_DIST}`,
      MEDIA_DIR: mediaDir,
      PUBLIC_GA_ID: TEST_ANALYTICS.gaId,
      PUBLIC_ADS_ID: TEST_ANALYTICS.adsId,
      PUBLIC_ADS_CONVERSION_LABEL: TEST_ANALYTICS.conversionLabel,
    }),
  });
}
