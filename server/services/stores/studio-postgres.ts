/** The studio's SQL client on PostgreSQL (DATABASE_URL), shared by every instance; the numbers use it too. */
import pg from 'pg';
import { createStudioStore, type SqlClient, type StudioStore } from '../studio/studio-store.ts';

/** BIGINT columns come back as numbers (milliseconds and ids stay far below 2^53), for this pool only. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** A client over one connection or the pool: what a query runs on. */
function clientOver(queryable: pg.Pool | pg.PoolClient, transaction: SqlClient['transaction']): SqlClient {
  return {
    dialect: 'postgres',
    all: async <T>(sql: string, values: readonly unknown[] = []) =>
      (await queryable.query(sql, [...values])).rows as T[],
    run: async (sql, values = []) => (await queryable.query(sql, [...values])).rowCount ?? 0,
    transaction,
    close: async () => undefined,
  };
}

/** A SQL client over a small pool on the database at `url` (the studio's and the numbers' stores each have one). */
export function openPostgresClient(url: string): SqlClient {
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: 3,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const transaction: SqlClient['transaction'] = async (work) => {
    const connection = await pool.connect();
    try {
      await connection.query('BEGIN');
      const result = await work(clientOver(connection, () => Promise.reject(new Error('nested transaction'))));
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  };
  return { ...clientOver(pool, transaction), close: () => pool.end() };
}

/** Connects, migrates and returns the store; rejects naming what failed. */
export async function openPostgresStudioStore(url: string): Promise<StudioStore> {
  const client = openPostgresClient(url);
  try {
    return await createStudioStore(client);
  } catch (error) {
    await client.close();
    throw error;
  }
}
