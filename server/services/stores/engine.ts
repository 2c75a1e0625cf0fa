/**
 * What differs between SQLite and PostgreSQL, asked in one place: which engine a Kysely
 * instance runs on, and the column types the migrations name differently on each.
 */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from 'kysely';

/** Whether the queries run on PostgreSQL (else SQLite). */
export const isPostgres = <T>(db: Kysely<T>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A LIMIT written into the SQL rather than bound: SQLite sorts for a known limit several times
 * faster (a bound LIMIT 1 costs five times the written one). Only for counts the code chooses.
 */
export const writtenLimit = (count: number): RawBuilder<number> => sql.lit(Math.trunc(count));

/** The engine's auto-increment key, 64-bit integer, boolean flag and bytes. */
export function engineTypes(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  return {
    id: postgres
      ? { type: 'bigserial' as const, build: (c: ColumnDefinitionBuilder) => c.primaryKey() }
      : { type: 'integer' as const, build: (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement() },
    int: postgres ? ('bigint' as const) : ('integer' as const),
    flag: postgres ? { type: 'boolean' as const, no: false } : { type: 'integer' as const, no: 0 },
    bytes: postgres ? ('bytea' as const) : ('blob' as const),
  };
}
