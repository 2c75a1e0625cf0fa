/**
 * Publishing end to end with the site's real build: the artist's edits saved in a copy of the
 * project, a build asked for, and the running app serves the pages that build made (a release
 * page that did not exist when it started among them), compressed, with its CDN headers file
 * written beside them, without a restart.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createFixtureSite, type FixtureSite } from '../server/fixture-site.ts';
import { ADDED_RELEASE, applyArtistEdits, NEW_FACEBOOK } from './artist-edits.ts';
import { copyProject } from '../../../perf/harness/project-copy.ts';

let copy = '';
let site: FixtureSite;
let app: FastifyInstance;

beforeAll(async () => {
  copy = copyProject('publish-build-');
  site = createFixtureSite();
  app = await buildTestApp(site, {}, { watchMedia: false, publish: { projectDir: copy } });
  applyArtistEdits(join(copy, 'content'));
  await app.publisher.requestBuild();
  await app.publisher.whenIdle();
}, 300_000);

afterAll(async () => {
  await app.close();
  site.cleanup();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a publish with the real build', () => {
  it('goes live, and the state says so', async () => {
    expect(await app.publisher.status()).toMatchObject({ state: 'published', error: null, progress: null });
  });

  it('serves the new release’s page, which did not exist at start', async () => {
    const answer = await app.inject({ url: `/en/music/${ADDED_RELEASE}`, headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: '/en' });
    expect(plain.body).toContain(NEW_FACEBOOK);
    // The page's own scripts and styles are the ones its CSP allows, so they run.
    const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(plain.body)?.[1] ?? '';
    expect((await app.inject({ url: asset })).statusCode).toBe(200);
  });

  it('wrote the build into BUILDS_DIR with its CDN headers file', () => {
    const builds = join(site.dataDir, 'builds');
    const [build = ''] = readdirSync(builds).filter((name) => /^\d{8}T/.test(name));
    expect(existsSync(join(builds, build, '_headers'))).toBe(true);
    expect(existsSync(join(builds, build, 'en.html.br'))).toBe(true);
  });
});
