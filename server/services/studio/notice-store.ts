/** The queue of mails to people that wait in the store until they are sent (notice-outbox.ts sends them). */
import type { Lang } from '../../../src/lib/languages.ts';
import type { Db } from '../stores/database.ts';
import { leasedQueue } from '../stores/leased-queue.ts';

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

/** The notices kept in `db`. */
export function noticeStore(db: Db): NoticeStore {
  const queue = leasedQueue(db, 'studio_notices');
  return {
    async queueNotice(personId, kind, lang, now = Date.now()) {
      // The person's row gives the notice, so a person without an address gets none. The
      // casts name the types PostgreSQL cannot infer for values selected into an insert.
      const result = await db
        .insertInto('studio_notices')
        .columns(['person_id', 'kind', 'lang', 'created_ms', 'next_attempt_ms'])
        .expression((eb) =>
          eb
            .selectFrom('studio_people')
            .select([
              'id',
              eb.cast<StudioNotice['kind']>(eb.val(kind), 'text').as('kind'),
              eb.cast<Lang>(eb.val(lang), 'text').as('lang'),
              eb.cast<number>(eb.val(now), 'bigint').as('created_ms'),
              eb.cast<number>(eb.val(now), 'bigint').as('next_attempt_ms'),
            ])
            .where('id', '=', personId)
            .where('email', 'is not', null),
        )
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    claimNotice: (now, leaseMs) =>
      queue.claim(now, leaseMs, async (id) => {
        const row = await db
          .selectFrom('studio_notices as n')
          .innerJoin('studio_people as p', 'p.id', 'n.person_id')
          .select(['n.id', 'n.kind', 'n.lang', 'n.created_ms as createdMs', 'n.attempts', 'p.email'])
          .where('n.id', '=', id)
          .executeTakeFirst();
        // The person forgot their address meanwhile: there is nobody to tell.
        return row?.email ? { ...row, email: row.email } : null;
      }),
    dropNotice: queue.drop,
    retryNotice: queue.retry,
    nextNoticeDue: queue.nextDue,
  };
}
