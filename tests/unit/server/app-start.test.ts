/** Starting the app with a service that cannot open: a clear configuration error, nothing left open. */
import { createServer } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp, createFixtureSite } from './fixture-site.ts';

const fixture = createFixtureSite();
afterAll(() => fixture.cleanup());

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('refuses to start when Redis cannot be reached, naming REDIS_URL', async () => {
  const port = await closedPort();
  await expect(buildTestApp(fixture, { REDIS_URL: `redis://127.0.0.1:${port}` })).rejects.toThrow(
    /^Invalid configuration:\n {2}REDIS_URL: cannot reach Redis/,
  );
});

it('refuses to start when the database server cannot be reached, naming DATABASE_URL', async () => {
  const port = await closedPort();
  await expect(
    buildTestApp(fixture, { DATABASE_URL: `postgres://user:secret@127.0.0.1:${port}/messages` }),
  ).rejects.toThrow(/^Invalid configuration:\n {2}DATABASE_URL: cannot use the database/);
});
