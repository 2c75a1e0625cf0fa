/**
 * Publishing with several instances: two apps on one real PostgreSQL and one BUILDS_DIR, as
 * two servers behind a load balancer. One builds at a time whichever is asked, a request
 * made on the other during a build makes one more, and both serve every switch (a build or
 * a rollback) whichever instance made it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../../../perf/harness/engines.ts';
import { createPublishFixture, type PublishFixture } from './publish-fixture.ts';
import type { StudioBrowser } from './studio-browser.ts';

let postgres: PostgresServer;
let fixture: PublishFixture;
let a: FastifyInstance;
let b: FastifyInstance;
/** The artist signed in to each instance's studio (one database holds both sessions). */
const studios = new Map<FastifyInstance, StudioBrowser>();

beforeAll(async () => {
  postgres = await startPostgres();
  fixture = createPublishFixture();
  const env = { DATABASE_URL: await postgres.createDatabase() };
  [a, b] = await Promise.all([fixture.app(env), fixture.app(env)]);
  for (const app of [a, b]) studios.set(app, await fixture.studio(app, env));
}, 60_000);

/** The instance's studio, as the artist's browser calls it. */
const studio = (app: FastifyInstance): StudioBrowser => {
  const browser = studios.get(app);
  if (!browser) throw new Error('no signed-in studio for this instance');
  return browser;
};
afterAll(async () => {
  await fixture.cleanup();
  await postgres.close();
});

const page = async (app: FastifyInstance) => (await app.inject({ url: '/pt' })).body;
const status = async (app: FastifyInstance) =>
  (await studio(app).request('GET', '/studio/api/publish')).json<Record<string, unknown>>();

describe('two instances on one database and one builds folder', () => {
  it('build one at a time, and a request on either during a build makes one more', async () => {
    const openGate = await fixture.startHeldBuild(a, 'v2');

    // The other instance sees the build running, and cannot start its own or roll back.
    expect(await status(b)).toMatchObject({ state: 'building' });
    fixture.save('v3');
    await b.publisher.requestBuild();
    const rollback = await studio(b).request('POST', '/studio/api/publish/rollback');
    expect(rollback.statusCode).toBe(409);
    expect(rollback.json()).toMatchObject({ message: 'A build is running: go back once it has finished.' });

    openGate();
    await Promise.all([a.publisher.whenIdle(), b.publisher.whenIdle()]);
    await expect.poll(() => fixture.buildLog(), { timeout: 10_000 }).toEqual(['start v2', 'end', 'start v3', 'end']);
    await expect.poll(() => status(b), { timeout: 10_000 }).toMatchObject({ state: 'published', canRollback: true });
  });

  it('both serve the build that went live, whichever made it', async () => {
    for (const app of [a, b]) await expect.poll(() => page(app), { timeout: 10_000 }).toContain('home pt v3');
  });

  it('both serve a rollback made on either', async () => {
    const back = await studio(b).request('POST', '/studio/api/publish/rollback');
    expect(back.statusCode).toBe(200);
    for (const app of [a, b]) await expect.poll(() => page(app), { timeout: 10_000 }).toContain('home pt v2');
  });
});
