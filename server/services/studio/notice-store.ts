/** The queue of mails to people that wait in the store until they are sent (notice-outbox.ts sends them). */
import type { Lang } from '../../../src/lib/languages.ts';
import { firstRow, type SqlClient } from './sql-client.ts';

/** A mail to a person that waits in the store until it is sent: the announcement of a new passkey. */
export interface StudioNotice {
  id: number;
  kind: 'passkey-added';
  email: string;
  lang: Lang;
  createdMs: number;
  attempts: number;
}

export interface NoticeStore {
  /** Queues a notice for the person, when they have a mail address; false when they have none. */
  queueNotice(personId: number, kind: StudioNotice['kind'], lang: Lang, now?: number): Promise<boolean>;
  /** Claims the oldest notice due and not leased, leased to the caller until `now + leaseMs`. */
  claimNotice(now: number, leaseMs: number): Promise<StudioNotice | null>;
  /** The notice is sent, or given up: it leaves the queue. */
  dropNotice(id: number): Promise<void>;
  /** Records a failed attempt; the notice is tried again at `nextAttemptMs`. */
  retryNotice(id: number, error: string, nextAttemptMs: number): Promise<void>;
  /** When the next notice is due, or null when none waits. */
  nextNoticeDue(): Promise<number | null>;
}

/** The notices kept over `sql`. */
export function noticeStore(sql: SqlClient): NoticeStore {
  return {
    async queueNotice(personId, kind, lang, now = Date.now()) {
      return (
        (await sql.run(
          `INSERT INTO studio_notices (person_id, kind, lang, created_ms, next_attempt_ms)
           SELECT id, CAST($2 AS TEXT), CAST($3 AS TEXT), CAST($4 AS BIGINT), CAST($4 AS BIGINT) FROM studio_people WHERE id = $1 AND email IS NOT NULL`,
          [personId, kind, lang, now],
        )) > 0
      );
    },
    async claimNotice(now, leaseMs) {
      const due = await firstRow<{ id: number }>(
        sql,
        'SELECT id FROM studio_notices WHERE next_attempt_ms <= $1 AND lease_until_ms <= $1 ORDER BY id LIMIT 1',
        [now],
      );
      if (!due) return null;
      // Claimed only if no other instance claimed it since it was read.
      const claimed = await sql.run(
        'UPDATE studio_notices SET lease_until_ms = $1 WHERE id = $2 AND lease_until_ms <= $3',
        [now + leaseMs, due.id, now],
      );
      if (claimed === 0) return null;
      const row = await firstRow<{
        id: number;
        kind: 'passkey-added';
        lang: Lang;
        created_ms: number;
        attempts: number;
        email: string | null;
      }>(
        sql,
        `SELECT n.id, n.kind, n.lang, n.created_ms, n.attempts, p.email
         FROM studio_notices n JOIN studio_people p ON p.id = n.person_id WHERE n.id = $1`,
        [due.id],
      );
      // The person forgot their address meanwhile: there is nobody to tell.
      if (!row?.email) {
        await sql.run('DELETE FROM studio_notices WHERE id = $1', [due.id]);
        return null;
      }
      return {
        id: row.id,
        kind: row.kind,
        email: row.email,
        lang: row.lang,
        createdMs: row.created_ms,
        attempts: row.attempts,
      };
    },
    async dropNotice(id) {
      await sql.run('DELETE FROM studio_notices WHERE id = $1', [id]);
    },
    async retryNotice(id, error, nextAttemptMs) {
      await sql.run(
        'UPDATE studio_notices SET attempts = attempts + 1, last_error = $1, next_attempt_ms = $2, lease_until_ms = 0 WHERE id = $3',
        [error.slice(0, 500), nextAttemptMs, id],
      );
    },
    async nextNoticeDue() {
      const row = await firstRow<{ due: number | null }>(
        sql,
        'SELECT MIN(CASE WHEN lease_until_ms > next_attempt_ms THEN lease_until_ms ELSE next_attempt_ms END) AS due FROM studio_notices',
        [],
      );
      return row?.due ?? null;
    },
  };
}
