/**
 * A queue of mails in a table of its own (the studio's notices, the fans' mails), each row
 * claimed under a lease: the instance whose conditional update took it sends it, and if that
 * instance dies, the lease runs out and another takes the row over. The tables share these
 * columns: id, next_attempt_ms, lease_until_ms, attempts and last_error.
 */
import type { Kysely } from 'kysely';
import type { Db } from './database.ts';
import { writtenLimit } from './engine.ts';

/** The tables kept as leased queues. */
type QueueTable = 'studio_notices' | 'fan_mails';

interface QueueColumns {
  id: number;
  next_attempt_ms: number;
  lease_until_ms: number;
  attempts: number;
  last_error: string | null;
}

const LAST_ERROR_MAX = 500;

export interface LeasedQueue {
  /**
   * Claims the oldest row due, leased until `now + leaseMs`, and gives what `read` finds of it,
   * or null when none is due. A row `read` finds nobody to send to (null) leaves the queue.
   */
  claim: <T>(now: number, leaseMs: number, read: (id: number) => Promise<T | null>) => Promise<T | null>;
  /** The row was sent, or is given up: it leaves the queue. */
  drop: (id: number) => Promise<void>;
  /** Records a failed attempt; the row is due again at `nextAttemptMs`. */
  retry: (id: number, error: string, nextAttemptMs: number) => Promise<void>;
  /** When the next row is due (or its lease ends), or null when none waits. */
  nextDue: () => Promise<number | null>;
}

export function leasedQueue(db: Db, table: QueueTable): LeasedQueue {
  // The same queries on either table: Kysely types them over the columns they share.
  const queue = db as unknown as Kysely<Record<QueueTable, QueueColumns>>;
  const drop = async (id: number) => {
    await queue.deleteFrom(table).where('id', '=', id).execute();
  };
  return {
    async claim(now, leaseMs, read) {
      const due = await queue
        .selectFrom(table)
        .select('id')
        .where('next_attempt_ms', '<=', now)
        .where('lease_until_ms', '<=', now)
        .orderBy('next_attempt_ms')
        .orderBy('id')
        .limit(writtenLimit(1))
        .executeTakeFirst();
      if (!due) return null;
      // Claimed only if no other instance claimed it since it was read.
      const claimed = await queue
        .updateTable(table)
        .set({ lease_until_ms: now + leaseMs })
        .where('id', '=', due.id)
        .where('lease_until_ms', '<=', now)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return null;
      const found = await read(due.id);
      if (found === null) await drop(due.id);
      return found;
    },
    drop,
    async retry(id, error, nextAttemptMs) {
      await queue
        .updateTable(table)
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.slice(0, LAST_ERROR_MAX),
          next_attempt_ms: nextAttemptMs,
          lease_until_ms: 0,
        }))
        .where('id', '=', id)
        .execute();
    },
    async nextDue() {
      const row = await queue
        .selectFrom(table)
        .select((eb) =>
          eb.fn
            .min<number | null>(
              eb
                .case()
                .when('lease_until_ms', '>', eb.ref('next_attempt_ms'))
                .then(eb.ref('lease_until_ms'))
                .else(eb.ref('next_attempt_ms'))
                .end(),
            )
            .as('due'),
        )
        .executeTakeFirst();
      return row?.due ?? null;
    },
  };
}
