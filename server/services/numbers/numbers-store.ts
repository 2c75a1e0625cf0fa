/**
 * The numbers as they are kept: counts per UTC day and key, and the vitals' histograms per day,
 * page and metric. Nothing else: no time of day, no address, no browser. Written once over the
 * SQL client SQLite and PostgreSQL each provide (stores/studio-*.ts).
 */
import type { CountedEvent, Vital } from '../../../src/lib/numbers-events.ts';
import { applyMigrations, type SqlClient } from '../studio/sql-client.ts';
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

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE numbers_counts (
     day TEXT NOT NULL,
     event TEXT NOT NULL,
     subject TEXT NOT NULL,
     detail TEXT NOT NULL,
     count {int} NOT NULL,
     PRIMARY KEY (day, event, subject, detail)
   );
   CREATE TABLE numbers_vitals (
     day TEXT NOT NULL,
     page TEXT NOT NULL,
     metric TEXT NOT NULL,
     bucket INTEGER NOT NULL,
     count {int} NOT NULL,
     PRIMARY KEY (day, page, metric, bucket)
   );`,
];

/** Instances starting together on one PostgreSQL migrate once, under this advisory lock. */
const MIGRATION_LOCK = 7_316_201;

const ADD_COUNT = `INSERT INTO numbers_counts (day, event, subject, detail, count) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (day, event, subject, detail) DO UPDATE SET count = numbers_counts.count + excluded.count`;
const ADD_VITAL = `INSERT INTO numbers_vitals (day, page, metric, bucket, count) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (day, page, metric, bucket) DO UPDATE SET count = numbers_vitals.count + excluded.count`;

interface CountRecord {
  day: string;
  event: CountedEvent;
  subject: string;
  detail: string;
  count: number;
}
interface VitalRecord {
  day: string;
  page: string;
  metric: Vital;
  bucket: number;
  count: number;
}

/** Migrates the database and returns the store over it. */
export async function createNumbersStore(sql: SqlClient): Promise<NumbersStore> {
  await applyMigrations(sql, 'numbers_migrations', MIGRATION_LOCK, MIGRATIONS);
  return {
    async add(counts, vitals) {
      if (counts.length === 0 && vitals.length === 0) return;
      await sql.transaction(async (tx) => {
        for (const row of counts) await tx.run(ADD_COUNT, [row.day, row.event, row.subject, row.detail, row.count]);
        for (const row of vitals) await tx.run(ADD_VITAL, [row.day, row.page, row.metric, row.bucket, row.count]);
      });
    },
    async since(fromDay) {
      const counts = await sql.all<CountRecord>(
        'SELECT day, event, subject, detail, count FROM numbers_counts WHERE day >= $1 ORDER BY day, event, subject, detail',
        [fromDay],
      );
      const vitals = await sql.all<VitalRecord>(
        'SELECT day, page, metric, bucket, count FROM numbers_vitals WHERE day >= $1 ORDER BY day, page, metric, bucket',
        [fromDay],
      );
      return { counts: counts.map((row) => ({ ...row })), vitals: vitals.map((row) => ({ ...row })) };
    },
    async rows() {
      const [counted] = await sql.all<{ n: number }>(
        'SELECT (SELECT COUNT(*) FROM numbers_counts) + (SELECT COUNT(*) FROM numbers_vitals) AS n',
      );
      return counted?.n ?? 0;
    },
    close: () => sql.close(),
  };
}
