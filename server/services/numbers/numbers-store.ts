/**
 * The numbers as they are kept: counts per UTC day and key, and the vitals' histograms per day,
 * page and metric. Nothing else: no time of day, no address, no browser. Written once over Kysely,
 * for SQLite and PostgreSQL alike (stores/connect.ts opens either).
 */
import { sql } from 'kysely';
import type { Db } from '../stores/database.ts';
import type { CounterKey, VitalKey } from './event-validation.ts';

/** A day's count of one key. */
export interface CountRow extends CounterKey {
  /** YYYY-MM-DD, in UTC. */
  day: string;
  count: number;
}

/** A day's count of one bucket of a vital on a page. */
export interface VitalRow extends VitalKey {
  day: string;
  count: number;
}

export interface NumbersStore {
  /** Adds the counts to what each key already has, in one transaction. */
  add(counts: readonly CountRow[], vitals: readonly VitalRow[]): Promise<void>;
  /** Everything from `fromDay` (YYYY-MM-DD) on. */
  since(fromDay: string): Promise<{ counts: CountRow[]; vitals: VitalRow[] }>;
  /** How many rows the store holds (what bounds its size). */
  rows(): Promise<number>;
  close(): Promise<void>;
}

/** A key already in `table` keeps its row, its count grown by the new one. */
const addedTo = (table: 'numbers_counts' | 'numbers_vitals') => sql<number>`${sql.table(table)}.count + excluded.count`;

/** Migrates nothing (opening the database did) and returns the store over it. */
export function createNumbersStore(db: Db): NumbersStore {
  return {
    async add(counts, vitals) {
      if (counts.length === 0 && vitals.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const { day, event, subject, detail, count } of counts) {
          await trx
            .insertInto('numbers_counts')
            .values({ day, event, subject, detail, count })
            .onConflict((conflict) =>
              conflict.columns(['day', 'event', 'subject', 'detail']).doUpdateSet({ count: addedTo('numbers_counts') }),
            )
            .execute();
        }
        for (const { day, page, metric, bucket, count } of vitals) {
          await trx
            .insertInto('numbers_vitals')
            .values({ day, page, metric, bucket, count })
            .onConflict((conflict) =>
              conflict.columns(['day', 'page', 'metric', 'bucket']).doUpdateSet({ count: addedTo('numbers_vitals') }),
            )
            .execute();
        }
      });
    },
    async since(fromDay) {
      const counts = await db
        .selectFrom('numbers_counts')
        .select(['day', 'event', 'subject', 'detail', 'count'])
        .where('day', '>=', fromDay)
        .orderBy('day')
        .orderBy('event')
        .orderBy('subject')
        .orderBy('detail')
        .execute();
      const vitals = await db
        .selectFrom('numbers_vitals')
        .select(['day', 'page', 'metric', 'bucket', 'count'])
        .where('day', '>=', fromDay)
        .orderBy('day')
        .orderBy('page')
        .orderBy('metric')
        .orderBy('bucket')
        .execute();
      return { counts, vitals };
    },
    async rows() {
      const count = (table: 'numbers_counts' | 'numbers_vitals') =>
        db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      const row = await db
        .selectNoFrom((eb) => eb(count('numbers_counts'), '+', count('numbers_vitals')).as('n'))
        .executeTakeFirst();
      return row?.n ?? 0;
    },
    close: () => db.destroy(),
  };
}
