/**
 * Whose turn it is to build, and whether a build is still wanted. A request adds one to a
 * counter; a build takes the lock, reads the counter, builds, and records that it covered
 * that count. Saves made during a build raise the counter past it, so one more build follows,
 * however many saves there were. With PostgreSQL the lock (an advisory lock, let go by the
 * database should the instance die) and the counters are shared by every instance.
 */
import pg from 'pg';

/** Returned by `withLock` when another build holds the lock. */
export const BUSY = Symbol('busy');

export interface BuildTurns {
  /** Records that a build is wanted. */
  request: () => Promise<void>;
  /** The request count not yet covered by a build, or null when every request has been. */
  wanted: () => Promise<number | null>;
  /** Records that a build covered the requests up to `count` (built or failed). */
  covered: (count: number) => Promise<void>;
  /** Runs `work` holding the build lock, or returns BUSY at once when someone else holds it. */
  withLock: <T>(work: () => Promise<T>) => Promise<T | typeof BUSY>;
  close: () => Promise<void>;
}

/** One instance on its own: the counters and the lock in memory. */
export function localTurns(): BuildTurns {
  let requested = 0;
  let built = 0;
  let locked = false;
  return {
    request: async () => {
      requested += 1;
    },
    wanted: async () => (requested > built ? requested : null),
    covered: async (count) => {
      built = Math.max(built, count);
    },
    withLock: async (work) => {
      if (locked) return BUSY;
      locked = true;
      try {
        return await work();
      } finally {
        locked = false;
      }
    },
    close: async () => undefined,
  };
}

/** The advisory lock one build holds, across every instance on the database. */
const BUILD_LOCK = 7_316_101;
/** Held while the table is created, so instances starting together do not race at it. */
const SETUP_LOCK = 7_316_102;

/** Several instances on one PostgreSQL database. Rejects when it cannot be reached. */
export async function postgresTurns(url: string): Promise<BuildTurns> {
  const pool = new pg.Pool({ connectionString: url, max: 3, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
      await client.query(
        `CREATE TABLE IF NOT EXISTS publish_turns (
           id SMALLINT PRIMARY KEY CHECK (id = 1),
           requested BIGINT NOT NULL DEFAULT 0,
           built BIGINT NOT NULL DEFAULT 0)`,
      );
      await client.query('INSERT INTO publish_turns (id) VALUES (1) ON CONFLICT DO NOTHING');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    request: async () => {
      await pool.query('UPDATE publish_turns SET requested = requested + 1 WHERE id = 1');
    },
    wanted: async () => {
      const { rows } = await pool.query<{ requested: string; built: string }>(
        'SELECT requested, built FROM publish_turns WHERE id = 1',
      );
      const [row] = rows;
      return row && Number(row.requested) > Number(row.built) ? Number(row.requested) : null;
    },
    covered: async (count) => {
      await pool.query('UPDATE publish_turns SET built = GREATEST(built, $1) WHERE id = 1', [count]);
    },
    withLock: async (work) => {
      // A session lock lives on one connection: the build keeps this one until it ends.
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
          BUILD_LOCK,
        ]);
        if (!rows[0]?.locked) return BUSY;
        try {
          return await work();
        } finally {
          // A connection that cannot unlock is dropped, which lets the lock go as well.
          await client.query('SELECT pg_advisory_unlock($1)', [BUILD_LOCK]).catch((error: unknown) => {
            broken = error as Error;
          });
        }
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
