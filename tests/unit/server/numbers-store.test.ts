/**
 * One suite, both engines: the numbers' store in SQLite (a temporary folder) and in a real
 * PostgreSQL server, fed through the tally as the events route feeds it. Counts add up per UTC
 * day and key, also from two instances on one database, and the vitals' histograms give the
 * 75th percentile.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { NumbersStore } from '../../../server/services/numbers/numbers-store.ts';
import { lastDays, summarise } from '../../../server/services/numbers/summary.ts';
import { createTally, type Tally } from '../../../server/services/numbers/tally.ts';
import { openNumbersStore } from '../../../server/services/stores/open-numbers-store.ts';
import { useBothEngines } from './both-engines.ts';

const databases = useBothEngines();

const engines: [string, () => Promise<[NumbersStore, NumbersStore]>][] = [
  [
    'SQLite',
    async () => {
      const dataDir = databases.sqliteFolder('numbers-test-');
      const location = { databaseUrl: null, dataDir };
      return [await openNumbersStore(location), await openNumbersStore(location)];
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const location = { databaseUrl: await databases.postgresDatabase(), dataDir: '' };
      return Promise.all([openNumbersStore(location), openNumbersStore(location)]);
    },
  ],
];

const DAY_1 = Date.parse('2026-03-01T23:59:59Z');
const DAY_2 = Date.parse('2026-03-02T00:00:00Z');
const view = (path: string, lang: string) => ({ event: 'view' as const, subject: path, detail: lang });
const played = { event: 'play' as const, subject: 'Cocktail Nº1', detail: '01 - Intro.mp3' };

describe.each(engines)('the numbers in %s', (_engine, openPair) => {
  let stores: NumbersStore[] = [];
  const store = (index: number) => {
    const found = stores[index];
    if (!found) throw new Error('no store open');
    return found;
  };
  const first = () => store(0);
  const second = () => store(1);
  const open: Tally[] = [];
  const openTallies = async () => {
    stores = await openPair();
    const pair = stores.map((store) => createTally(store, { flushMs: 60_000 }));
    open.push(...pair);
    return pair as [Tally, Tally];
  };
  const close = async (tally: Tally) => {
    open.splice(open.indexOf(tally), 1);
    await tally.close();
  };
  afterAll(async () => {
    await Promise.all(open.map((tally) => tally.close()));
  });

  it('adds counts per UTC day and key, from two instances, written only when flushed', async () => {
    const [a, b] = await openTallies();
    a.record({ counts: [view('/pt', 'pt'), view('/pt', 'pt'), played], vitals: [] }, DAY_1);
    b.record({ counts: [view('/pt', 'pt'), view('/en', 'en')], vitals: [] }, DAY_1);
    a.record({ counts: [view('/pt', 'pt')], vitals: [] }, DAY_2);
    expect(await first().rows()).toBe(0);
    expect(a.pending()).toBe(3);
    // One after the other: two connections of one process on one SQLite file would wait for
    // each other's lock with the event loop blocked (two instances are two processes).
    await a.flush();
    await b.flush();
    expect(a.pending()).toBe(0);
    const { counts } = await second().since('2026-03-01');
    expect(counts).toEqual([
      { day: '2026-03-01', event: 'play', subject: 'Cocktail Nº1', detail: '01 - Intro.mp3', count: 1 },
      { day: '2026-03-01', event: 'view', subject: '/en', detail: 'en', count: 1 },
      { day: '2026-03-01', event: 'view', subject: '/pt', detail: 'pt', count: 3 },
      { day: '2026-03-02', event: 'view', subject: '/pt', detail: 'pt', count: 1 },
    ]);
    // Flushed again, the same keys add up rather than duplicate.
    a.record({ counts: [view('/pt', 'pt')], vitals: [] }, DAY_2);
    await a.flush();
    const again = await first().since('2026-03-02');
    expect(again.counts).toEqual([{ day: '2026-03-02', event: 'view', subject: '/pt', detail: 'pt', count: 2 }]);
    expect(await first().rows()).toBe(4);
  });

  it('keeps the vitals as histograms and tells their 75th percentile per page', async () => {
    const [a] = await openTallies();
    // LCP buckets: 300 ms (bucket 2) three times, 1,500 ms (bucket 11) once.
    const vitals = [2, 2, 2, 11].map((bucket) => ({ page: '/pt', metric: 'LCP' as const, bucket }));
    a.record({ counts: [], vitals }, DAY_1);
    a.record({ counts: [], vitals: [{ page: '/pt', metric: 'CLS', bucket: 99 }] }, DAY_1);
    await close(a);
    const days = lastDays(2, DAY_2);
    expect(days).toEqual(['2026-03-01', '2026-03-02']);
    const { counts, vitals: rows } = await second().since('2026-03-01');
    expect(rows.filter((row) => row.metric === 'LCP')).toHaveLength(2);
    const summary = summarise(days, counts, rows);
    expect(summary.vitals).toEqual([
      { page: '/pt', metric: 'CLS', samples: 1, p75: null, beyond: 1 },
      { page: '/pt', metric: 'LCP', samples: 4, p75: 300, beyond: null },
    ]);
  });
});
