/**
 * Publishing from the studio, on one instance: a build (the fixture build, a real program run
 * as the real one is) goes live without a restart, pages and CSP together; the build before
 * it stays for rollback, and those replaced within BUILD_RETENTION_HOURS for the pages still
 * open on them; a failed build leaves the live site byte for byte
 * and says why without the server's paths; builds asked for during a build make one more.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicLines, runBuild } from '../../../server/services/publish/build-run.ts';
import { inlineScript, sha256 } from './fixture-files.ts';
import { createPublishFixture, type PublishFixture } from './publish-fixture.ts';
import type { StudioBrowser } from './studio-browser.ts';

let fixture: PublishFixture;
let app: FastifyInstance;
let studio: StudioBrowser;

beforeEach(async () => {
  fixture = createPublishFixture();
  app = await fixture.app();
  studio = await fixture.studio(app);
});
afterEach(async () => {
  await fixture.cleanup();
});

const get = (url: string) => app.inject({ url });
const status = async () => (await studio.request('GET', '/studio/api/publish')).json<Record<string, unknown>>();
const builds = () => readdirSync(fixture.buildsDir).filter((name) => /^\d{8}T/.test(name));

/** Saves an edition and publishes it, waiting for the build to end. */
async function publish(edition: string): Promise<void> {
  fixture.save(edition);
  await app.publisher.requestBuild();
  await app.publisher.whenIdle();
}

describe('publishing a build', () => {
  it('serves DIST_DIR until the first publish, then the new build, pages and files, without a restart', async () => {
    expect((await get('/pt')).body).toContain('<body>home pt</body>');
    expect(await status()).toMatchObject({ state: 'idle', publishedAt: null, canRollback: false });

    await publish('v2');

    const page = await get('/pt');
    expect(page.body).toContain('<body>home pt v2</body>');
    // The policy names the new build's inline script, not the old one's.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(sha256(inlineScript('v2')));
    expect(csp).not.toContain(sha256(inlineScript()));
    expect((await get('/samebloodscocktail')).body).toContain('landing in pt v2');
    expect((await get('/nowhere.js')).statusCode).toBe(404);
    expect((await get('/_astro/app.abc123.js')).statusCode).toBe(200);
    const published = await status();
    expect(published).toMatchObject({ state: 'published', error: null, progress: null, canRollback: false });
    // How long it took, as the studio shows it: from its start to its switch.
    const took = Date.parse(String(published['publishedAt'])) - Date.parse(String(published['startedAt']));
    expect(published['tookMs']).toBeGreaterThan(0);
    expect(Math.abs(Number(published['tookMs']) - took)).toBeLessThan(5);
    expect(builds()).toHaveLength(1);
  });

  it('serves a file only the new build has from its folder', async () => {
    await publish('v2');
    const [live = ''] = builds();
    writeFileSync(join(fixture.buildsDir, live, 'only-here.txt'), 'new');
    expect((await get('/only-here.txt')).body).toBe('new');
    expect(existsSync(join(fixture.site.dir, 'only-here.txt'))).toBe(false);
  });

  it('still serves the hashed files of the builds before, which pages loaded before the publishes ask for', async () => {
    await publish('v2');
    const [first = ''] = builds();
    const chunk = '/_astro/carousel.0123abcd.js';
    writeFileSync(join(fixture.buildsDir, first, chunk), 'export const carousel = 1;');
    writeFileSync(join(fixture.buildsDir, first, 'only-here.txt'), 'old');
    // The artist saves twice more: each save is a publish.
    await publish('v3');
    await publish('v4');

    const kept = await get(chunk);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe('export const carousel = 1;');
    expect(kept.headers['cache-control']).toContain('immutable');
    // The build that came with the project (DIST_DIR) answers too, last.
    writeFileSync(join(fixture.site.dir, '_astro', 'first.0123abcd.js'), 'export const first = 1;');
    expect((await get('/_astro/first.0123abcd.js')).body).toBe('export const first = 1;');
    // A file whose name does not change with its content is the new build's or none.
    expect((await get('/only-here.txt')).statusCode).toBe(404);
    // Missing from every build: a 404, as before.
    expect((await get('/_astro/nowhere.0123abcd.js')).statusCode).toBe(404);
    // Never a file outside a build, however the path is written.
    writeFileSync(join(fixture.buildsDir, 'outside.0123abcd.js'), 'secret');
    for (const path of ['/_astro/%2e%2e/%2e%2e/outside.0123abcd.js', '/_astro/..%2f..%2foutside.0123abcd.js']) {
      const outside = await get(path);
      // 403 where the static files' own check sees the dots, 404 where they pass it encoded.
      expect([403, 404], path).toContain(outside.statusCode);
      expect(outside.body).not.toContain('secret');
    }
    // After a restart too: the builds are read from BUILDS_DIR.
    const restarted = await fixture.app();
    expect((await restarted.inject({ url: chunk })).statusCode).toBe(200);
  });

  it('keeps the builds replaced within BUILD_RETENTION_HOURS, and rolls back and forth', async () => {
    await publish('v2');
    await publish('v3');
    await publish('v4');
    expect(builds()).toHaveLength(3);
    expect(await status()).toMatchObject({ state: 'published', canRollback: true });

    const back = await studio.request('POST', '/studio/api/publish/rollback');
    expect(back.statusCode).toBe(200);
    // A rollback builds nothing: no time to show.
    expect(back.json()).toMatchObject({ state: 'published', tookMs: null });
    expect((await get('/pt')).body).toContain('<body>home pt v3</body>');
    expect(String((await get('/pt')).headers['content-security-policy'])).toContain(sha256(inlineScript('v3')));

    // The build it replaced is now the one to go back to.
    await studio.request('POST', '/studio/api/publish/rollback');
    expect((await get('/pt')).body).toContain('<body>home pt v4</body>');
  });

  it('refuses a rollback with nothing to go back to', async () => {
    const answer = await studio.request('POST', '/studio/api/publish/rollback');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: 'Conflict', message: 'There is no earlier build to go back to.' });
  });
});

describe('publishing with no retention (BUILD_RETENTION_HOURS=0)', () => {
  it('keeps only the build before, for rollback: two publishes on, a build and its files are gone', async () => {
    const lean = await fixture.app({ BUILD_RETENTION_HOURS: '0' });
    const publishOn = async (edition: string) => {
      fixture.save(edition);
      await lean.publisher.requestBuild();
      await lean.publisher.whenIdle();
    };
    await publishOn('v2');
    const [first = ''] = builds();
    const chunk = '/_astro/carousel.0123abcd.js';
    writeFileSync(join(fixture.buildsDir, first, chunk), 'export const carousel = 1;');
    await publishOn('v3');
    expect((await lean.inject({ url: chunk })).statusCode).toBe(200);
    await publishOn('v4');
    expect(builds()).toHaveLength(2);
    expect(builds()).not.toContain(first);
    expect((await lean.inject({ url: chunk })).statusCode).toBe(404);
  });
});

describe('a failed build', () => {
  it('leaves the live site byte for byte and says why, without the server’s paths', async () => {
    await publish('v2');
    const before = await get('/pt');
    fixture.behaviour.mode = 'fail';
    await publish('v3');

    const after = await get('/pt');
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    expect(after.headers['content-security-policy']).toBe(before.headers['content-security-policy']);
    const state = await status();
    expect(state).toMatchObject({ state: 'failed', canRollback: false, progress: null });
    expect(state['error']).toContain('The build failed at “pages” (exit code 1).');
    expect(state['error']).toContain('content/edition.txt: "title" is required');
    for (const path of [fixture.projectDir, fixture.buildsDir, fixture.site.dataDir])
      expect(state['error']).not.toContain(path);
    // Its folder is gone; the live one stays.
    expect(builds()).toHaveLength(1);
  });

  it('is refused when it wrote no pages', async () => {
    const before = await get('/pt');
    fixture.behaviour.mode = 'nothing';
    await publish('v2');
    expect((await get('/pt')).rawPayload.equals(before.rawPayload)).toBe(true);
    expect((await status())['error']).toBe('The build wrote no site: the home page is missing (pt, en, es).');
    expect(builds()).toHaveLength(0);
  });
});

describe('builds asked for during a build', () => {
  it('make one more build, which takes every save made meanwhile', async () => {
    const openGate = await fixture.startHeldBuild(app, 'v2');
    expect(await status()).toMatchObject({ state: 'building', progress: { stage: 'pages', step: 1, steps: 1 } });

    fixture.save('v3');
    await app.publisher.requestBuild();
    fixture.save('v4');
    const byHand = await studio.request('POST', '/studio/api/publish');
    expect(byHand.statusCode).toBe(202);
    openGate();
    await app.publisher.whenIdle();

    expect(fixture.buildLog()).toEqual(['start v2', 'end', 'start v4', 'end']);
    expect((await get('/pt')).body).toContain('<body>home pt v4</body>');
  });
});

describe('the publishing routes', () => {
  it('answer 401 without a session, and start no build', async () => {
    for (const [method, url] of [
      ['GET', '/studio/api/publish'],
      ['POST', '/studio/api/publish'],
      ['POST', '/studio/api/publish/rollback'],
    ] as const) {
      const answer = await app.inject({ method, url, headers: { origin: 'https://studio.example' } });
      expect(answer.statusCode).toBe(401);
    }
    expect(fixture.buildLog()).toEqual([]);
  });
});

describe('the build’s lines shown in the studio', () => {
  it('never hold a private path or a terminal code, whatever the build printed', () => {
    const segment = fc.stringMatching(/^[a-z0-9._-]{1,12}$/).filter((name) => name !== '.' && name !== '..');
    const folder = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
    fc.assert(
      fc.property(
        folder,
        fc.array(fc.tuple(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })), { maxLength: 5 }),
        (path, pieces) => {
          const lines = pieces.map(([before, after]) => `\u001b[31m${before}${path}/src/x.ts${after}\u001b[0m`);
          const shown = publicLines(lines, [path]);
          expect(shown.includes(path)).toBe(false);
          expect(shown).not.toContain('\u001b');
        },
      ),
    );
  });
});

describe('the build’s environment', () => {
  const SECRETS = {
    DATABASE_URL: 'postgres://site:db-secret@db.internal/site',
    REDIS_URL: 'redis://:redis-secret@cache.internal:6379',
    SMTP_URL: 'smtps://mail:smtp-secret@smtp.internal',
    STUDIO_ORIGIN: 'https://studio.example',
  };

  it('holds what a build needs and none of the server’s credentials, in a real spawned program', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, SECRETS, { PUBLIC_GA_ID: 'G-TEST123' });
    const dir = mkdtempSync(join(tmpdir(), 'build-env-'));
    const seen = join(dir, 'env.json');
    try {
      const write = `require('node:fs').writeFileSync(process.argv[1], JSON.stringify(process.env))`;
      await runBuild(
        [{ stage: 'pages', command: process.execPath, args: ['-e', write, seen], env: { ASTRO_OUT_DIR: dir } }],
        {
          cwd: dir,
          privatePaths: [dir],
          onProgress: () => {},
          signal: new AbortController().signal,
          timeoutMs: 30_000,
        },
      );
      const env = JSON.parse(readFileSync(seen, 'utf8')) as Record<string, string>;
      for (const name of Object.keys(SECRETS)) expect(env, name).not.toHaveProperty(name);
      expect(JSON.stringify(env)).not.toMatch(/secret/);
      expect(env).toMatchObject({ PUBLIC_GA_ID: 'G-TEST123', ASTRO_OUT_DIR: dir, PATH: process.env['PATH'] });
    } finally {
      process.env = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
