/**
 * What `/graphql` keeps per document stays bounded: unique hostile documents, each one kept in
 * caches of 1,024 by Mercurius's defaults, could pin 1.4 GB in `npm run soak`. Measured on
 * the JS heap after a full collection, which, unlike the process's resident memory, falls
 * back as soon as nothing holds the documents.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { uniqueDocument } from '../../../perf/soak/graphql-documents.ts';
import { buildTestApp, createFixtureSite } from './fixture-site.ts';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const heapUsedMb = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** Far below what the 1,400 documents held when each was kept (150 MB), above 2 × 64 of them (26 MB). */
const BUDGET_MB = 40;

it(`keeps less than ${BUDGET_MB} MB after 1,400 unique hostile documents`, { timeout: 60_000 }, async () => {
  const site = createFixtureSite();
  const app = await buildTestApp(site, { GRAPHQL_RATE_LIMIT: '1000000' });
  const send = (body: string) =>
    app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: body });
  await send(JSON.stringify({ query: '{ playlists { name } }' }));
  const before = heapUsedMb();
  for (let i = 0; i < 1_400; i += 1) {
    const document = uniqueDocument(i);
    for (let time = 0; time < document.times; time += 1) expect((await send(document.body)).statusCode).toBe(200);
  }
  const grown = heapUsedMb() - before;
  await app.close();
  site.cleanup();
  expect(grown).toBeLessThan(BUDGET_MB);
});
